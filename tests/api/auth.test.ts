import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { POST as register } from "@/app/api/auth/register/route";
import { hashPassword } from "@/server/accounts/auth/password";
import { hashToken } from "@/server/accounts/auth/sessions";
import { getDb } from "@/server/platform/db/client";
import { createAccount, inviteCodeOf } from "../helpers/accounts";
import { call, cookieFrom, ORIGIN, uniqueEmail } from "../helpers/api";

const valid = () => ({ first_name: "Rosa", last_name: "Parks", email: uniqueEmail("rosa"), password: "a long enough secret" });

describe("POST /api/auth/register", () => {
  it("creates the account and a new family, and answers with a token and the user", async () => {
    const input = valid();
    const result = await call(register, "/api/auth/register", { body: input });

    expect(result.status).toBe(201);
    expect(result.body.success).toBe(true);
    expect(result.body.error).toBeNull();
    expect(result.body.data.user).toEqual({
      id: expect.any(String),
      email: input.email,
      first_name: "Rosa",
      last_name: "Parks",
      family_id: expect.any(String),
    });
    expect(result.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me_ = await call(me, "/api/auth/me", { token: result.body.data.token });
    expect(me_.body.data.user.id).toBe(result.body.data.user.id);
  });

  it("sets an httpOnly, SameSite=Lax session cookie for the browser", async () => {
    const result = await call(register, "/api/auth/register", { body: valid() });
    const setCookie = result.headers.getSetCookie().find((cookie) => cookie.startsWith("fb_session="))!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
  });

  it("stores neither the password nor the token in clear", async () => {
    const input = valid();
    const result = await call(register, "/api/auth/register", { body: input });
    const prisma = await getDb();
    const user = await prisma.user.findUniqueOrThrow({ where: { id: result.body.data.user.id }, include: { sessions: true } });
    expect(user.password_hash).not.toContain(input.password);
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.sessions.map((session) => session.token_hash)).toEqual([hashToken(result.body.data.token)]);
    expect(JSON.stringify(user.sessions)).not.toContain(result.body.data.token);
  });

  it("trims names and keeps an email with a plus sign as typed", async () => {
    const email = `Grandma+Recipes.${Date.now()}@Example.test`;
    const result = await call(register, "/api/auth/register", { body: { ...valid(), first_name: "  Edith ", last_name: " Piaf  ", email } });
    expect(result.status).toBe(201);
    expect(result.body.data.user).toMatchObject({ first_name: "Edith", last_name: "Piaf", email });
  });

  it("accepts a plus sign that an older client percent-encoded", async () => {
    const result = await call(register, "/api/auth/register", { body: { ...valid(), email: `ann%2Bfamily.${Date.now()}@example.test` } });
    expect(result.status).toBe(201);
    expect(result.body.data.user.email).toMatch(/^ann\+family\./);
  });

  it("joins an existing family through its invite link's code", async () => {
    const founder = await createAccount();
    const result = await call(register, "/api/auth/register", { body: { ...valid(), family_id: await inviteCodeOf(founder.user.family_id) } });
    expect(result.status).toBe(201);
    expect(result.body.data.user.family_id).toBe(founder.user.family_id);
  });

  it.each([
    ["an unknown family id", "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55"],
    ["a malformed family id", "not-a-family"],
  ])("refuses %s with 400 instead of creating a new family", async (_label, familyId) => {
    const prisma = await getDb();
    const familiesBefore = await prisma.family.count();
    const result = await call(register, "/api/auth/register", { body: { ...valid(), family_id: familyId } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, data: null, error: "This invite link is not valid. Please ask your relative to send it again." });
    expect(await prisma.family.count()).toBe(familiesBefore);
  });

  it("refuses an email that is already registered, in any letter case, with 409", async () => {
    const input = valid();
    await call(register, "/api/auth/register", { body: input });
    const again = await call(register, "/api/auth/register", { body: { ...valid(), email: input.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("already registered");
  });

  it.each([
    ["first_name", { first_name: "   " }, "First name is required"],
    ["last_name", { last_name: "" }, "Last name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["password", { password: "seven77" }, "Password must be at least 8 characters"],
    ["password", { password: "x".repeat(129) }, "Password must be at most 128 characters"],
    ["password", { password: "12345678" }, "This password is too common or too easy to guess. Please choose one that is harder to guess."],
    ["password", { password: "Password1!" }, "This password is too common or too easy to guess. Please choose one that is harder to guess."],
    ["password", { password: "rosaparks" }, "This password is too common or too easy to guess. Please choose one that is harder to guess."],
    ["password", { password: " ".repeat(8) }, "A password cannot be only spaces."],
    ["first_name", { first_name: "Ro\u0000sa" }, "First name contains a hidden control character or a broken character. Please remove it and try again."],
  ])("refuses an invalid %s with 400 and says why", async (field, change, message) => {
    const result = await call(register, "/api/auth/register", { body: { ...valid(), ...change } });
    expect(result.status).toBe(400);
    expect(result.body.success).toBe(false);
    expect(result.body.fieldErrors?.[field]).toContain(message);
  });

  it("refuses a password built from the person's own names and email, when starting a family and when joining one by invite", async () => {
    const founder = await createAccount();
    const ivan = { first_name: "Ivan", last_name: "Imp", email: uniqueEmail("ivan.imp"), password: "ivanimp2024" };
    for (const body of [ivan, { ...ivan, family_id: await inviteCodeOf(founder.user.family_id) }]) {
      const result = await call(register, "/api/auth/register", { body });
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors).toEqual({ password: ["This password is too common or too easy to guess. Please choose one that is harder to guess."] });
    }
    expect((await call(register, "/api/auth/register", { body: { ...valid(), password: "ivanimp2024" } })).status).toBe(201);
  });

  it("accepts a password of exactly 8 and of exactly 128 characters, with no composition rules", async () => {
    expect((await call(register, "/api/auth/register", { body: { ...valid(), password: "qbmtrvxw" } })).status).toBe(201);
    expect((await call(register, "/api/auth/register", { body: { ...valid(), password: "correct horse battery ".repeat(6).slice(0, 128) } })).status).toBe(201);
  });

  it("saves nothing when the password is refused", async () => {
    const input = { ...valid(), password: "iloveyou" };
    const result = await call(register, "/api/auth/register", { body: input });
    expect(result.status).toBe(400);
    const prisma = await getDb();
    expect(await prisma.user.count({ where: { email_normalized: input.email.toLowerCase() } })).toBe(0);
  });

  it("answers a body that is not JSON with 400", async () => {
    const result = await call(register, "/api/auth/register", { headers: { "content-type": "application/json" }, method: "POST" });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("The request body is not valid JSON.");
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, whatever the letter case of the email", async () => {
    const account = await createAccount();
    const result = await call(login, "/api/auth/login", { body: { email: account.user.email.toUpperCase(), password: account.password } });
    expect(result.status).toBe(200);
    expect(result.body.data.user).toEqual(account.user);
    expect(result.body.data.token).not.toBe(account.token);
  });

  it("signs in an account made before the password rule, whose password the rule would now refuse", async () => {
    const account = await createAccount();
    const prisma = await getDb();
    await prisma.user.update({ where: { id: account.user.id }, data: { password_hash: await hashPassword("12345678") } });
    const result = await call(login, "/api/auth/login", { body: { email: account.user.email, password: "12345678" } });
    expect(result.status).toBe(200);
    expect(result.body.data.user.id).toBe(account.user.id);
  });

  it("gives the same 401 answer for a wrong password and an unknown email", async () => {
    const account = await createAccount();
    const wrongPassword = await call(login, "/api/auth/login", { body: { email: account.user.email, password: "not the password" } });
    const unknownEmail = await call(login, "/api/auth/login", { body: { email: uniqueEmail("nobody"), password: "not the password" } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, data: null, error: "Invalid email or password." });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });
});

describe("GET /api/auth/me", () => {
  it("answers the signed-in user for a bearer token and for the session cookie", async () => {
    const account = await createAccount();
    expect((await call(me, "/api/auth/me", { token: account.token })).body.data.user).toEqual(account.user);
    expect((await call(me, "/api/auth/me", { cookie: `fb_session=${account.token}` })).body.data.user).toEqual(account.user);
  });

  it.each([
    ["no token", {}],
    ["a garbage token", { token: "garbage" }],
    ["a malformed authorization header", { headers: { authorization: "Basic abc" } }],
    ["a session cookie that is not percent-decodable", { cookie: "fb_session=%E0%A4%A" }],
  ])("answers 401 with %s", async (_label, options) => {
    const result = await call(me, "/api/auth/me", options);
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ success: false, data: null, error: "Please sign in to continue." });
  });

  it("answers 401 once the session has expired", async () => {
    const account = await createAccount();
    const prisma = await getDb();
    await prisma.session.update({ where: { token_hash: hashToken(account.token) }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(401);
  });

  it("reads a good session cookie that sits beside an unreadable one", async () => {
    const account = await createAccount();
    const result = await call(me, "/api/auth/me", { cookie: `other=%E0%A4%A; fb_session=${account.token}` });
    expect(result.status).toBe(200);
  });

  it("treats a browser that signed out locally as signed out, ends that session on its next request and clears its cookies", async () => {
    const account = await createAccount();
    const result = await call(me, "/api/auth/me", { cookie: `fb_session=${account.token}; fb_signed_out=1` });
    expect(result.status).toBe(401);
    expect(cookieFrom(result, "fb_session")).toBe("fb_session=");
    expect(cookieFrom(result, "fb_signed_out")).toBe("fb_signed_out=");
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the session at once: the token stops working everywhere", async () => {
    const account = await createAccount();
    const result = await call(logout, "/api/auth/logout", { method: "POST", token: account.token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: null, error: null });
    expect(cookieFrom(result, "fb_session")).toBe("fb_session=");
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(401);
    expect((await call(me, "/api/auth/me", { cookie: `fb_session=${account.token}` })).status).toBe(401);
  });

  it("leaves the person's other sessions signed in", async () => {
    const account = await createAccount();
    const other = await call(login, "/api/auth/login", { body: { email: account.user.email, password: account.password } });
    await call(logout, "/api/auth/logout", { method: "POST", token: account.token });
    expect((await call(me, "/api/auth/me", { token: other.body.data.token })).status).toBe(200);
  });

  it("succeeds when already signed out", async () => {
    expect((await call(logout, "/api/auth/logout", { method: "POST" })).status).toBe(200);
  });
});

describe("POST /api/auth/refresh", () => {
  it("issues a new token and revokes the old one", async () => {
    const account = await createAccount();
    const result = await call(refresh, "/api/auth/refresh", { method: "POST", token: account.token });
    expect(result.status).toBe(200);
    const fresh = result.body.data.token;
    expect(fresh).not.toBe(account.token);
    expect((await call(me, "/api/auth/me", { token: fresh })).status).toBe(200);
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(401);
    expect((await call(refresh, "/api/auth/refresh", { method: "POST", token: account.token })).status).toBe(401);
  });
});

describe("cross-site requests (CSRF)", () => {
  it("refuses a cookie-authenticated state change from another origin", async () => {
    const account = await createAccount();
    const result = await call(refresh, "/api/auth/refresh", {
      method: "POST",
      cookie: `fb_session=${account.token}`,
      headers: { origin: "https://evil.example" },
    });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe("This request did not come from Family Book. Please reload the page and try again.");
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(200);
  });

  it("refuses a cookie-authenticated state change the browser marks cross-site", async () => {
    const account = await createAccount();
    const result = await call(refresh, "/api/auth/refresh", {
      method: "POST",
      cookie: `fb_session=${account.token}`,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(result.status).toBe(403);
  });

  it("accepts the same state change from our own origin", async () => {
    const account = await createAccount();
    const result = await call(refresh, "/api/auth/refresh", { method: "POST", cookie: `fb_session=${account.token}`, headers: { origin: ORIGIN } });
    expect(result.status).toBe(200);
  });

  it("accepts bearer-authenticated API clients whatever their origin", async () => {
    const account = await createAccount();
    const result = await call(refresh, "/api/auth/refresh", { method: "POST", token: account.token, headers: { origin: "https://other.example" } });
    expect(result.status).toBe(200);
  });

  it("refuses a sign-in posted from another site that also names itself in X-Forwarded-Host", async () => {
    const account = await createAccount();
    const result = await call(login, "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
      headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expect(result.status).toBe(403);
  });

  it("refuses a sign-in posted from another site", async () => {
    const account = await createAccount();
    const result = await call(login, "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
      headers: { origin: "https://evil.example" },
    });
    expect(result.status).toBe(403);
  });
});
