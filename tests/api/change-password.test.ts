import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { PUT as changePasswordRoute } from "@/app/api/auth/password/route";
import { PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { GOOGLE_ACCOUNT_PASSWORD, PASSWORD_CHANGED, RESET_LINK_USED, WRONG_PASSWORD } from "@/lib/schemas/auth";
import { changePasswordRules } from "@/server/accounts/auth/change-password";
import { hashToken } from "@/server/accounts/auth/sessions";
import { getDb } from "@/server/platform/db/client";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call, cookieFrom, ORIGIN } from "../helpers/api";

// Settings → Change password (docs/product.md §4): the current password proves it is the
// person, the new one follows the registration rule, and every other session of the account ends
// while the one that asked goes on.

vi.setConfig({ testTimeout: 120_000 });

const NEW_PASSWORD = "moss on the garden wall";

const change = (token: string | undefined, body: unknown) => call(changePasswordRoute, "/api/auth/password", { method: "PUT", token, body });

const signIn = (email: string, password: string) => call(login, "/api/auth/login", { body: { email, password } });

const signedIn = async (token: string) => (await call(me, "/api/auth/me", { token })).status === 200;

/** A second device signed in to the same account. */
async function anotherSession(account: TestAccount) {
  const result = await signIn(account.user.email, account.password);
  expect(result.status).toBe(200);
  return result.body.data.token as string;
}

describe("PUT /api/auth/password", () => {
  it("sets the new password, signs out every other session of the account and keeps this one", async () => {
    const account = await createAccount({ firstName: "Rosa", lastName: "Lindqvist" });
    const tablet = await anotherSession(account);
    const phone = await anotherSession(account);

    const result = await change(account.token, { current_password: account.password, new_password: NEW_PASSWORD });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: { message: PASSWORD_CHANGED }, error: null });

    expect(await signedIn(account.token)).toBe(true);
    for (const other of [tablet, phone]) expect(await signedIn(other)).toBe(false);
    expect((await signIn(account.user.email, account.password)).status).toBe(401);
    expect((await signIn(account.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps the browser's own session when it asks with its cookie", async () => {
    const account = await createAccount();
    const browser = await signIn(account.user.email, account.password);
    const cookie = cookieFrom(browser, "fb_session")!;
    const result = await call(changePasswordRoute, "/api/auth/password", {
      method: "PUT",
      cookie,
      headers: { origin: ORIGIN },
      body: { current_password: account.password, new_password: NEW_PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(await signedIn(browser.body.data.token)).toBe(true);
    expect(await signedIn(account.token)).toBe(false);
  });

  it("refuses a wrong current password on its field, and changes nothing", async () => {
    const account = await createAccount();
    const tablet = await anotherSession(account);
    const result = await change(account.token, { current_password: "not my password", new_password: NEW_PASSWORD });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(WRONG_PASSWORD);
    expect(result.body.fieldErrors).toEqual({ current_password: [WRONG_PASSWORD] });
    expect(await signedIn(tablet)).toBe(true);
    expect((await signIn(account.user.email, account.password)).status).toBe(200);
  });

  it("refuses a new password the registration rule refuses, the person's own names and email among them", async () => {
    const account = await createAccount({ firstName: "Ivan", lastName: "Imp" });
    for (const weak of ["password123", "ivanimp2024", account.user.email]) {
      const result = await change(account.token, { current_password: account.password, new_password: weak });
      expect(result.status, weak).toBe(400);
      expect(result.body.fieldErrors).toEqual({ new_password: [PASSWORD_TOO_EASY] });
    }
    const short = await change(account.token, { current_password: account.password, new_password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ new_password: ["Password must be at least 8 characters"] });
    const missing = await change(account.token, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors ?? {}).sort()).toEqual(["current_password", "new_password"]);
    expect((await signIn(account.user.email, account.password)).status).toBe(200);
  });

  it("answers 401 to the anonymous and to a session that has ended", async () => {
    const anonymous = await change(undefined, { current_password: "anything at all", new_password: NEW_PASSWORD });
    expect(anonymous.status).toBe(401);
    const account = await createAccount();
    const tablet = await anotherSession(account);
    expect((await change(account.token, { current_password: account.password, new_password: NEW_PASSWORD })).status).toBe(200);
    expect((await change(tablet, { current_password: NEW_PASSWORD, new_password: "another wall of moss" })).status).toBe(401);
  });

  it("refuses a change sent with the cookie from another site", async () => {
    const account = await createAccount();
    const browser = await signIn(account.user.email, account.password);
    const result = await call(changePasswordRoute, "/api/auth/password", {
      method: "PUT",
      cookie: cookieFrom(browser, "fb_session")!,
      headers: { origin: "https://evil.example" },
      body: { current_password: account.password, new_password: NEW_PASSWORD },
    });
    expect(result.status).toBe(403);
    expect((await signIn(account.user.email, account.password)).status).toBe(200);
  });

  it(`refuses more than ${changePasswordRules.attemptsByAccount.limit} attempts an hour for one account, wherever they come from`, async () => {
    const account = await createAccount();
    const tablet = await anotherSession(account);
    for (let attempt = 0; attempt < changePasswordRules.attemptsByAccount.limit; attempt += 1) {
      expect((await change(attempt % 2 ? tablet : account.token, { current_password: `guess number ${attempt}`, new_password: NEW_PASSWORD })).status).toBe(
        400,
      );
    }
    const refused = await change(account.token, { current_password: account.password, new_password: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts to change the password\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not held back.
    const other = await createAccount();
    expect((await change(other.token, { current_password: other.password, new_password: NEW_PASSWORD })).status).toBe(200);
  });

  it("tells an account that signs in with Google (no password) to set one through Forgot your password?", async () => {
    const account = await createAccount();
    await (await getDb()).user.update({ where: { id: account.user.id }, data: { password_hash: null } });
    const result = await change(account.token, { current_password: "anything at all", new_password: NEW_PASSWORD });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(GOOGLE_ACCOUNT_PASSWORD);
    expect(result.body.error).toContain("Forgot your password?");
    const prisma = await getDb();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.user.id } })).password_hash).toBeNull();
    expect(await signedIn(account.token)).toBe(true);
  });

  it("closes the account's open password reset links", async () => {
    const account = await createAccount();
    const token = randomBytes(32).toString("base64url");
    await (
      await getDb()
    ).passwordReset.create({ data: { user_id: account.user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 60 * 60_000) } });
    expect((await change(account.token, { current_password: account.password, new_password: NEW_PASSWORD })).status).toBe(200);
    const reset = await call(confirmReset, "/api/auth/password-reset/confirm", { body: { token, password: "an old link tried later" } });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe(RESET_LINK_USED);
  });

  it("lets only one of two changes sent at once with the same current password through", async () => {
    const account = await createAccount();
    const answers = await Promise.all([
      change(account.token, { current_password: account.password, new_password: NEW_PASSWORD }),
      change(account.token, { current_password: account.password, new_password: "a second wall of moss" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.body.fieldErrors).toEqual({ current_password: [WRONG_PASSWORD] });
    const winner = answers[0]!.status === 200 ? NEW_PASSWORD : "a second wall of moss";
    expect((await signIn(account.user.email, winner)).status).toBe(200);
    expect(await signedIn(account.token)).toBe(true);
  });
});
