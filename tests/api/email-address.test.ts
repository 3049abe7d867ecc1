import { describe, expect, it, vi } from "vitest";
import { POST as confirm } from "@/app/api/auth/email/confirm/route";
import { POST as resend } from "@/app/api/auth/email/resend/route";
import { PUT as changeEmail } from "@/app/api/auth/email/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as invite } from "@/app/api/family/invitations/route";
import { EMAIL_TAKEN } from "@/lib/schemas/auth";
import {
  EMAIL_ALREADY_CONFIRMED,
  EMAIL_CONFIRMED,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_OUTDATED,
  SAME_EMAIL,
  WRONG_PASSWORD,
} from "@/lib/schemas/email-address";
import { isEmailConfirmed } from "@/server/accounts/auth/email-verification";
import { hashToken } from "@/server/accounts/auth/sessions";
import { newInviteCode } from "@/server/family/invite-links/invite-rules";
import { getDb } from "@/server/platform/db/client";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";

// Confirming an address (docs/decisions/017-verified-addresses.md): a link by email after
// registering or changing the address, over real SMTP to a server in this process; it confirms
// only the address it was sent to; an address proven otherwise needs no link.

vi.setConfig({ testTimeout: 120_000 });

const APP = "https://familybook.example";
const SUBJECT = "Please confirm your email address for Family Book";
const mail = withSmtpAndWorkers(APP);

const confirmations = (address: string) => mail.smtp.to(address).filter(({ parsed }) => parsed.subject === SUBJECT);

/** The token of the n-th confirmation link sent to an address, once it has arrived. */
async function confirmationToken(address: string, index = 0) {
  await mail.workers.runUntil(() => confirmations(address).length > index);
  const text = confirmations(address)[index]!.parsed.text ?? "";
  const token = new RegExp(`${APP}/confirm-email\\?token=([\\w-]+)`).exec(text)?.[1];
  expect(token, "the link is in the plain-text part").toBeDefined();
  return token!;
}

const follow = (token: string) => call(confirm, "/api/auth/email/confirm", { body: { token } });

describe("after registering", () => {
  it("emails a link that confirms the address, once; following it again says it is already confirmed", async () => {
    const account = await createAccount({ firstName: "Winifred" });
    expect(await isEmailConfirmed(account.user.id)).toBe(false);
    const token = await confirmationToken(account.user.email);
    expect(confirmations(account.user.email)[0]!.parsed.text).toContain("Hello Winifred,");

    const first = await follow(token);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ message: EMAIL_CONFIRMED });
    expect(await isEmailConfirmed(account.user.id)).toBe(true);
    expect((await follow(token)).body.data).toEqual({ message: EMAIL_ALREADY_CONFIRMED });
  });

  it("refuses a changed, unknown or expired link with a message that says which", async () => {
    const account = await createAccount();
    const token = await confirmationToken(account.user.email);
    for (const wrong of [`${token}x`, token.slice(0, -1), "nonsense"]) {
      const refused = await follow(wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ token: [EMAIL_LINK_INVALID] });
    }
    expect((await call(confirm, "/api/auth/email/confirm", { body: {} })).body.fieldErrors).toEqual({ token: [EMAIL_LINK_INVALID] });
    await (await getDb()).emailVerification.update({ where: { token_hash: hashToken(token) }, data: { expires_at: new Date(Date.now() - 1000) } });
    const expired = await follow(token);
    expect(expired.body.error).toBe(EMAIL_LINK_EXPIRED);
    expect(await isEmailConfirmed(account.user.id)).toBe(false);
  });

  it("needs no link when the person registered through an invitation sent to that address", async () => {
    const founder = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
    const address = uniqueEmail("ines");
    const sent = await call(invite, "/api/family/invitations", { token: founder.token, body: { first_name: "Ines", email: address } });
    const code = newInviteCode();
    await (await getDb()).invitation.update({ where: { id: sent.body.data.invitation.id }, data: { code_hash: hashToken(code) } });
    const joined = await call(register, "/api/auth/register", {
      body: { first_name: "Ines", last_name: "Hughes", email: address, password: "a long enough secret", family_id: code },
    });
    expect(joined.status).toBe(201);
    expect(await isEmailConfirmed(joined.body.data.user.id)).toBe(true);
    await mail.workers.runUntilIdle();
    expect(confirmations(address)).toEqual([]);
  });

  it("sends a new link on request to the signed-in person, and none to the anonymous", async () => {
    const account = await createAccount();
    await confirmationToken(account.user.email);
    const again = await call(resend, "/api/auth/email/resend", { method: "POST", token: account.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ message: `We sent a new confirmation link to ${account.user.email}.` });
    const second = await confirmationToken(account.user.email, 1);
    expect((await follow(second)).body.data).toEqual({ message: EMAIL_CONFIRMED });
    expect((await call(resend, "/api/auth/email/resend", { method: "POST" })).status).toBe(401);
    const afterwards = await call(resend, "/api/auth/email/resend", { method: "POST", token: account.token });
    expect(afterwards.body.data).toEqual({ message: EMAIL_ALREADY_CONFIRMED });
  });
});

describe("changing the address", () => {
  const change = (account: TestAccount, body: unknown) => call(changeEmail, "/api/auth/email", { method: "PUT", token: account.token, body });

  it("needs the password, a different address and one nobody else uses", async () => {
    const account = await createAccount();
    const other = await createAccount();
    expect((await change(account, { email: uniqueEmail(), password: "not the password" })).body.fieldErrors).toEqual({ password: [WRONG_PASSWORD] });
    expect((await change(account, { email: account.user.email.toUpperCase(), password: account.password })).body.fieldErrors).toEqual({ email: [SAME_EMAIL] });
    const taken = await change(account, { email: other.user.email, password: account.password });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ email: [EMAIL_TAKEN] });
    expect((await call(changeEmail, "/api/auth/email", { method: "PUT", body: { email: uniqueEmail(), password: "x" } })).status).toBe(401);
  });

  it("makes the new address wait for its own link; links sent to the old address confirm nothing", async () => {
    const account = await createAccount();
    const oldToken = await confirmationToken(account.user.email);
    expect((await follow(oldToken)).status).toBe(200);

    const newAddress = uniqueEmail("moved");
    const changed = await change(account, { email: newAddress, password: account.password });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ email: newAddress, message: `We sent a new confirmation link to ${newAddress}.` });
    expect(await isEmailConfirmed(account.user.id)).toBe(false);

    const outdated = await follow(oldToken);
    expect(outdated.status).toBe(400);
    expect(outdated.body.error).toBe(EMAIL_LINK_OUTDATED);
    const newToken = await confirmationToken(newAddress);
    expect((await follow(newToken)).body.data).toEqual({ message: EMAIL_CONFIRMED });
    expect(await isEmailConfirmed(account.user.id)).toBe(true);
  });
});
