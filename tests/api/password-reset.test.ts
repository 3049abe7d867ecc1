import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { PASSWORD_RESET_SENT, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from "@/lib/schemas/auth";
import { passwordResetRules } from "@/server/accounts/auth/password-reset-limits";
import { hashToken } from "@/server/accounts/auth/sessions";
import { getDb } from "@/server/platform/db/client";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call, cookieFrom, randomAddress, uniqueEmail } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";

// Forgot password (docs/product.md §4, docs/decisions/013-email.md): a single-use link by email,
// an hour long; a new password ends every session of the account and signs the person in.
// Emails go over real SMTP to a server in this process and are read back with mailparser.

vi.setConfig({ testTimeout: 120_000 });

const APP = "https://familybook.example";
const NEW_PASSWORD = "blue kettle on the windowsill";
const mail = withSmtpAndWorkers(APP);

/** The reset emails to an address (registering also sends it a confirmation link). */
const resetEmails = (address: string) => mail.smtp.to(address).filter(({ parsed }) => parsed.subject === "Choose a new password for Family Book");

const askForReset = (email: string, address = randomAddress()) => call(requestReset, "/api/auth/password-reset", { body: { email }, address });

/** Asks for a reset link for the account's address, as the form does, and reads it from the email that arrives. */
async function emailedResetLink(account: TestAccount) {
  const before = resetEmails(account.user.email).length;
  expect((await askForReset(account.user.email)).status).toBe(200);
  await mail.workers.runUntil(() => resetEmails(account.user.email).length > before);
  const email = resetEmails(account.user.email)[before]!;
  const link = /https:\/\/familybook\.example\/reset-password\?token=[\w-]+/.exec(email.parsed.text ?? "")?.[0];
  expect(link, "the reset link is in the plain-text part").toBeDefined();
  return new URL(link!);
}

const tokenOf = (link: URL) => link.searchParams.get("token")!;

const confirm = (body: unknown, address = randomAddress()) => call(confirmReset, "/api/auth/password-reset/confirm", { body, address });

const signedIn = async (token: string) => (await call(me, "/api/auth/me", { token })).status === 200;

describe("POST /api/auth/password-reset", () => {
  it("answers the same for an address with an account and one without, and emails only the account", async () => {
    const account = await createAccount();
    const nobody = uniqueEmail("nobody");
    const answers = [await askForReset(nobody), await askForReset(account.user.email.toUpperCase())];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, data: { message: PASSWORD_RESET_SENT }, error: null });
    }
    await mail.workers.runUntil(() => resetEmails(account.user.email).length > 0);
    const { parsed } = resetEmails(account.user.email)[0]!;
    expect(parsed.subject).toBe("Choose a new password for Family Book");
    expect(parsed.html).toContain("/reset-password?token=");
    expect(parsed.text).toContain("/reset-password?token=");
    expect(mail.smtp.to(nobody)).toEqual([]);
    const prisma = await getDb();
    expect(await prisma.passwordReset.count({ where: { user: { email_normalized: nobody } } })).toBe(0);
  });

  it("refuses what is not an email address", async () => {
    const result = await askForReset("not an address");
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ email: ["Please enter a valid email address"] });
  });

  it(`refuses more than ${passwordResetRules.requestsByAccount.limit} requests an hour for one email address, with or without an account`, async () => {
    for (const email of [(await createAccount()).user.email, uniqueEmail("nobody")]) {
      for (let attempt = 0; attempt < passwordResetRules.requestsByAccount.limit; attempt += 1) expect((await askForReset(email)).status).toBe(200);
      const refused = await askForReset(email.toUpperCase());
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many password reset emails asked for\. Please wait \d+ minutes? and try again\.$/);
    }
  });

  it(`refuses more than ${passwordResetRules.requestsByAddress.limit} requests an hour from one address, whichever email addresses`, async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < passwordResetRules.requestsByAddress.limit; attempt += 1)
      expect((await askForReset(uniqueEmail("spray"), address)).status).toBe(200);
    expect((await askForReset(uniqueEmail("spray"), address)).status).toBe(429);
    expect((await askForReset(uniqueEmail("spray"))).status).toBe(200);
  });
});

describe("the reset email", () => {
  it("carries a link to /reset-password with a 256-bit token, of which only the hash is stored, for one hour", async () => {
    const account = await createAccount();
    const link = await emailedResetLink(account);
    expect(link.pathname).toBe("/reset-password");
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);

    const prisma = await getDb();
    const [reset] = await prisma.passwordReset.findMany({ where: { user_id: account.user.id } });
    expect(reset!.token_hash).toBe(hashToken(tokenOf(link)));
    expect(reset!.expires_at.getTime() - reset!.created_at.getTime()).toBeCloseTo(60 * 60_000, -3);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the new password, ends every session of the account and signs the person in", async () => {
    const account = await createAccount();
    const elsewhere = await call(login, "/api/auth/login", { body: { email: account.user.email, password: account.password } });
    const sessions = [account.token, elsewhere.body.data.token as string];
    for (const token of sessions) expect(await signedIn(token)).toBe(true);

    const link = await emailedResetLink(account);
    const result = await confirm({ token: tokenOf(link), password: NEW_PASSWORD });
    expect(result.status).toBe(200);
    expect(result.body.data.user).toEqual(account.user);
    expect(result.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(cookieFrom(result, "fb_session")).toBe(`fb_session=${result.body.data.token}`);

    for (const token of sessions) expect(await signedIn(token)).toBe(false);
    expect(await signedIn(result.body.data.token)).toBe(true);
    expect((await call(login, "/api/auth/login", { body: { email: account.user.email, password: account.password } })).status).toBe(401);
    expect((await call(login, "/api/auth/login", { body: { email: account.user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("cannot be used twice", async () => {
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
    const again = await confirm({ token, password: "another kettle on the windowsill" });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(RESET_LINK_USED);
    expect(again.body.fieldErrors).toEqual({ token: [RESET_LINK_USED] });
  });

  it("lets only one of two tabs sending the same link at once use it", async () => {
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    const answers = await Promise.all([confirm({ token, password: NEW_PASSWORD }), confirm({ token, password: "second kettle on the windowsill" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.error).toBe(RESET_LINK_USED);
  });

  it("closes the account's other open links once one is used", async () => {
    const account = await createAccount();
    const first = tokenOf(await emailedResetLink(account));
    const second = tokenOf(await emailedResetLink(account));
    expect((await confirm({ token: second, password: NEW_PASSWORD })).status).toBe(200);
    expect((await confirm({ token: first, password: "another kettle on the windowsill" })).body.error).toBe(RESET_LINK_USED);
  });

  it("refuses a link more than an hour old", async () => {
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    const prisma = await getDb();
    await prisma.passwordReset.update({ where: { token_hash: hashToken(token) }, data: { expires_at: new Date(Date.now() - 1000) } });
    const result = await confirm({ token, password: NEW_PASSWORD });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(RESET_LINK_EXPIRED);
    expect((await call(login, "/api/auth/login", { body: { email: account.user.email, password: account.password } })).status).toBe(200);
  });

  it.each([
    ["a token we never made", () => "x".repeat(43)],
    ["a tampered token (one character changed)", (token: string) => `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`],
    ["a token cut short", (token: string) => token.slice(0, 30)],
    ["an empty token", () => ""],
  ])("refuses %s, and the real link still works", async (_label, tamper) => {
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    const result = await confirm({ token: tamper(token), password: NEW_PASSWORD });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(RESET_LINK_INVALID);
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("applies registration's password rule, with the person's own names counting as easy, and keeps the link usable", async () => {
    const account = await createAccount({ firstName: "Winifred", lastName: "Ashcombe" });
    const token = tokenOf(await emailedResetLink(account));
    const short = await confirm({ token, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ password: ["Password must be at least 8 characters"] });
    const ownName = await confirm({ token, password: "winifredashcombe" });
    expect(ownName.status).toBe(400);
    expect(ownName.body.fieldErrors).toEqual({ password: [PASSWORD_TOO_EASY] });
    const common = await confirm({ token, password: "password123" });
    expect(common.body.fieldErrors).toEqual({ password: [PASSWORD_TOO_EASY] });
    expect(await signedIn(account.token)).toBe(true);
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("refuses a new password built from the account's names and email, and keeps the link usable", async () => {
    const account = await createAccount({ firstName: "Ivan", lastName: "Imp", email: uniqueEmail("ivan.imp") });
    const token = tokenOf(await emailedResetLink(account));
    const result = await confirm({ token, password: "ivanimp2024" });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(PASSWORD_TOO_EASY);
    expect(result.body.fieldErrors).toEqual({ password: ["This password is too common or too easy to guess. Please choose one that is harder to guess."] });
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it(`refuses more than ${passwordResetRules.confirmsByAddress.limit} attempts from one address within ${passwordResetRules.confirmsByAddress.windowSeconds / 60} minutes`, async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < passwordResetRules.confirmsByAddress.limit; attempt += 1) {
      expect((await confirm({ token: `guess-${attempt}`, password: NEW_PASSWORD }, address)).status).toBe(400);
    }
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    const refused = await confirm({ token, password: NEW_PASSWORD }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts to choose a new password\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it(`refuses more than ${passwordResetRules.confirmsByAccount.limit} attempts at one account, from anywhere`, async () => {
    const account = await createAccount();
    const token = tokenOf(await emailedResetLink(account));
    for (let attempt = 0; attempt < passwordResetRules.confirmsByAccount.limit; attempt += 1) {
      expect((await confirm({ token, password: "password123" })).status).toBe(400);
    }
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(429);
  });
});
