import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as completeGet, POST as completePost } from "@/app/api/auth/google/complete/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as replaceInvite } from "@/app/api/family/invite/route";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { signInWithGoogle } from "@/server/accounts/auth/google-sign-in";
import { getDb } from "@/server/platform/db/client";
import { createAccount, inviteCodeOf } from "../helpers/accounts";
import { call, cookieFrom, ORIGIN, uniqueEmail } from "../helpers/api";
import { googleIdentity, googleSignInEnabled, signedInWithGoogleAs } from "../helpers/google-provider";

// Google's OAuth exchange itself cannot run offline; what Family Book does with the identity
// Google verified is tested here: the use case, and the completion route with Auth.js's answer
// standing in for Google.

vi.mock("@/server/accounts/auth/google-provider", () => import("../helpers/google-provider"));

function signedIn(result: Awaited<ReturnType<typeof signInWithGoogle>>) {
  if (result.status !== "signed-in") throw new Error(`Expected a session, got ${result.status}`);
  return result;
}

async function userByEmail(email: string) {
  const prisma = await getDb();
  return prisma.user.findUnique({ where: { email_normalized: email.toLowerCase() } });
}

/** The confirmation page's form, as the browser posts it. */
function postChoice(fields: Record<string, string>, { cookie, origin = ORIGIN }: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ host: "localhost:3000", origin, "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  return completePost(new Request(`${ORIGIN}/api/auth/google/complete`, { method: "POST", headers, body: new URLSearchParams(fields).toString() }));
}

beforeEach(() => {
  googleIdentity.mockReset();
  googleSignInEnabled.mockReturnValue(true);
});

describe("signing in with a Google identity", () => {
  it("creates an account and a new family for a new address, makes it the family's admin, and signs it in", async () => {
    const email = uniqueEmail("google");
    const result = signedIn(await signInWithGoogle({ origin: ORIGIN, identity: { email, firstName: "Zoë", lastName: "Ñúñez" } }));
    expect(result.user).toMatchObject({ email, first_name: "Zoë", last_name: "Ñúñez", family_id: expect.any(String) });
    expect((await call(me, "/api/auth/me", { token: result.token })).body.data.user.id).toBe(result.user.id);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ password_hash: null, family_role: "admin" });
  });

  it("does not store a name from Google that holds control characters: the address stands in", async () => {
    const email = uniqueEmail("google");
    const result = signedIn(await signInWithGoogle({ origin: ORIGIN, identity: { email, firstName: "Zo\u0000ë", lastName: "Line\nbreak" } }));
    expect(result.user).toMatchObject({ first_name: email.split("@")[0], last_name: "" });
  });

  it("creates nothing for a new address that arrived through an invite, and asks the person first", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("google");
    const result = await signInWithGoogle({ origin: ORIGIN, identity: { email }, rememberedInvite: await inviteCodeOf(founder.user.family_id) });
    expect(result).toEqual({ status: "choose-family" });
    expect(await userByEmail(email)).toBeNull();
  });

  it("joins the invited family once the person chose to join it", async () => {
    const founder = await createAccount();
    const code = await inviteCodeOf(founder.user.family_id);
    const result = signedIn(
      await signInWithGoogle({ origin: ORIGIN, identity: { email: uniqueEmail("google") }, rememberedInvite: code, choice: { join: code } }),
    );
    expect(result.user.family_id).toBe(founder.user.family_id);
  });

  it("starts the person's own family when they set the invite aside", async () => {
    const founder = await createAccount();
    const result = signedIn(
      await signInWithGoogle({
        origin: ORIGIN,
        identity: { email: uniqueEmail("google"), lastName: "Lindqvist" },
        rememberedInvite: await inviteCodeOf(founder.user.family_id),
        choice: "own-family",
      }),
    );
    expect(result.user.family_id).not.toBe(founder.user.family_id);
    const prisma = await getDb();
    expect((await prisma.family.findUniqueOrThrow({ where: { id: result.user.family_id! } })).name).toBe("The Lindqvist Family");
  });

  it("signs in to the existing account with that address, whatever its letter case, and never moves it into an invited family", async () => {
    const existing = await createAccount();
    const inviter = await createAccount();
    const result = signedIn(
      await signInWithGoogle({
        origin: ORIGIN,
        identity: { email: existing.user.email.toUpperCase(), firstName: "Someone", lastName: "Else" },
        rememberedInvite: await inviteCodeOf(inviter.user.family_id),
      }),
    );
    expect(result.user).toEqual(existing.user);
  });

  it.each([
    ["an unknown invite", () => "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55"],
    ["a malformed invite", () => "not-a-family"],
  ])("refuses %s the person chose to join instead of starting a new family", async (_label, code) => {
    const prisma = await getDb();
    const before = await prisma.family.count();
    const email = uniqueEmail("google");
    await expect(signInWithGoogle({ origin: ORIGIN, identity: { email }, rememberedInvite: code(), choice: { join: code() } })).rejects.toThrow(INVALID_INVITE);
    expect(await prisma.family.count()).toBe(before);
    expect(await userByEmail(email)).toBeNull();
  });

  it("refuses a family's id as the invite to join: only the link's code lets anyone in", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("google");
    const familyId = founder.user.family_id;
    await expect(signInWithGoogle({ origin: ORIGIN, identity: { email }, rememberedInvite: familyId, choice: { join: familyId } })).rejects.toThrow(
      INVALID_INVITE,
    );
    expect(await userByEmail(email)).toBeNull();
  });
});

describe("GET /api/auth/google/complete", () => {
  it("sends a new address that arrived through an invite to the confirmation page, without creating the account", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email);
    const result = await call(completeGet, "/api/auth/google/complete", { cookie: `fb_invite=${await inviteCodeOf(founder.user.family_id)}` });
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${ORIGIN}/register/google`);
    expect(cookieFrom(result, "fb_session")).toBeUndefined();
    expect(await userByEmail(email)).toBeNull();
  });

  it("signs a new address without an invite straight in to a family of its own", async () => {
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email, { given_name: "Ines", family_name: "Lindqvist" });
    const result = await call(completeGet, "/api/auth/google/complete");
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${ORIGIN}/family-dashboard`);
    expect(cookieFrom(result, "fb_session")).toMatch(/^fb_session=.+/);
    expect(await userByEmail(email)).toMatchObject({ first_name: "Ines", family_role: "admin" });
  });

  it("comes back to the page that asked for the sign-in, and only to a page of this site", async () => {
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email, { given_name: "Ines", family_name: "Lindqvist" });
    const back = await call(completeGet, "/api/auth/google/complete?next=%2Fmemories%2Fadd");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`${ORIGIN}/memories/add`);
    for (const next of ["%2F%2Fevil.example%2F", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example"]) {
      const away = await call(completeGet, `/api/auth/google/complete?next=${next}`);
      expect(away.headers.get("location")).toBe(`${ORIGIN}/family-dashboard`);
    }
  });

  it("sends a visitor whose Google identity has lapsed to the sign-in page", async () => {
    vi.mocked(googleIdentity).mockResolvedValue(null as never);
    const result = await call(completeGet, "/api/auth/google/complete");
    expect(result.headers.get("location")).toBe(`${ORIGIN}/register?tab=login`);
  });
});

describe("POST /api/auth/google/complete (the confirmation page's answer)", () => {
  it("joins the family the person was shown, signs them in and forgets the invite", async () => {
    const founder = await createAccount();
    const code = await inviteCodeOf(founder.user.family_id);
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email);
    const result = await postChoice({ choice: "join", invite: code }, { cookie: `fb_invite=${code}` });
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${ORIGIN}/family-dashboard`);
    expect(cookieFrom(result, "fb_session")).toMatch(/^fb_session=.+/);
    expect(result.headers.getSetCookie().find((cookie) => cookie.startsWith("fb_invite="))).toContain("Max-Age=0");
    expect(await userByEmail(email)).toMatchObject({ family_id: founder.user.family_id, family_role: "member" });
  });

  it("starts the person's own family when they chose to, whatever invite the browser remembers", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email);
    const result = await postChoice({ choice: "own-family" }, { cookie: `fb_invite=${await inviteCodeOf(founder.user.family_id)}` });
    expect(result.headers.get("location")).toBe(`${ORIGIN}/family-dashboard`);
    const user = await userByEmail(email);
    expect(user?.family_id).not.toBe(founder.user.family_id);
    expect(user?.family_role).toBe("admin");
  });

  it("sends the person back to the confirmation page, creating nothing, when the link was replaced while they decided", async () => {
    const founder = await createAccount();
    const oldCode = await inviteCodeOf(founder.user.family_id);
    expect((await call(replaceInvite, "/api/family/invite", { token: founder.token, body: {} })).status).toBe(201);
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email);
    const result = await postChoice({ choice: "join", invite: oldCode }, { cookie: `fb_invite=${oldCode}` });
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${ORIGIN}/register/google`);
    expect(await userByEmail(email)).toBeNull();
  });

  it("refuses an answer posted from another site", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("google");
    signedInWithGoogleAs(email);
    const result = await postChoice({ choice: "join", invite: await inviteCodeOf(founder.user.family_id) }, { origin: "https://evil.example" });
    expect(result.status).toBe(403);
    expect(await userByEmail(email)).toBeNull();
  });

  it("refuses an answer that is neither choice", async () => {
    signedInWithGoogleAs(uniqueEmail("google"));
    const result = await postChoice({ choice: "maybe" });
    expect(result.status).toBe(400);
    expect((await result.json()).error).toBe("Choose whether to join the family or start your own.");
  });
});
