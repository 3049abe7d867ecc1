import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as changePreferences, GET as readPreferences } from "@/app/api/email-preferences/route";
import { POST as oneClick, GET as openUnsubscribeAddress, DELETE as resubscribe } from "@/app/api/unsubscribe/route";
import { EMAIL_PREFERENCE_KINDS } from "@/lib/email-preferences";
import { INVALID_UNSUBSCRIBE_LINK } from "@/server/accounts/email-preferences/unsubscribe";
import { unsubscribeToken } from "@/server/accounts/email-preferences/unsubscribe-token";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail } from "@/server/platform/email/deliver-email";
import { closeMailTransport } from "@/server/platform/email/mail-transport";
import { newMessageId } from "@/server/platform/email/message-id";
import { resetEnvForTests } from "@/server/platform/env";
import { createAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { rawHeader, startSmtpServer, type RunningSmtp } from "../helpers/smtp-server";

// Which emails a member gets (docs/product.md §11), and the unsubscribe link in every email they
// may turn off: it works without signing in, by following it or by RFC 8058's one-click POST,
// and only as it was signed (docs/decisions/013-email.md).

const APP = "https://familybook.example";
const allOn = Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((kind) => [kind, true]));

/** What a mail provider sends for one-click unsubscribe: a form body, no cookie, from its own servers. */
function postOneClick(token: string, headers: Record<string, string> = {}) {
  return call(oneClick, `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
  });
}

const preferencesOf = async (token: string) => (await call(readPreferences, "/api/email-preferences", { token })).body.data.preferences;

describe("GET and PATCH /api/email-preferences", () => {
  it("has every kind of email on until the member turns one off", async () => {
    const member = await createAccount();
    const result = await call(readPreferences, "/api/email-preferences", { token: member.token });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ preferences: allOn });
  });

  it("turns a kind off and back on for that member only", async () => {
    const member = await createAccount();
    const relative = await createAccount({ familyId: member.user.family_id });
    const off = await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: member.token, body: { "weekly-digest": false } });
    expect(off.status).toBe(200);
    expect(off.body.data.preferences).toEqual({ ...allOn, "weekly-digest": false });
    expect(await preferencesOf(member.token)).toEqual({ ...allOn, "weekly-digest": false });
    expect(await preferencesOf(relative.token)).toEqual(allOn);

    const on = await call(changePreferences, "/api/email-preferences", {
      method: "PATCH",
      token: member.token,
      body: { "weekly-digest": true, "weekly-questions": false },
    });
    expect(on.body.data.preferences).toEqual({ ...allOn, "weekly-questions": false });
  });

  it("refuses a kind of email that does not exist, a value that is not true or false, and an empty change", async () => {
    const member = await createAccount();
    const unknown = await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: member.token, body: { "password-reset": false } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("There is no kind of email called password-reset.");
    const notBoolean = await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: member.token, body: { "weekly-digest": "no" } });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.fieldErrors).toEqual({ "weekly-digest": ["weekly-digest must be true or false"] });
    const empty = await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: member.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Say which kind of email to turn on or off.");
    expect(await preferencesOf(member.token)).toEqual(allOn);
  });

  it("answers 401 to someone not signed in", async () => {
    expect((await call(readPreferences, "/api/email-preferences")).status).toBe(401);
    expect((await call(changePreferences, "/api/email-preferences", { method: "PATCH", body: { "weekly-digest": false } })).status).toBe(401);
  });
});

describe("the unsubscribe link", () => {
  it("turns the kind it names off by RFC 8058's one-click POST, with no cookie, from a mail provider's servers", async () => {
    const member = await createAccount();
    const result = await postOneClick(unsubscribeToken(member.user.id, "weekly-questions"));
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ kind: "weekly-questions", enabled: false });
    expect(await preferencesOf(member.token)).toEqual({ ...allOn, "weekly-questions": false });
  });

  it("works when a webmail page posts it from its own site, since the token and not a cookie is the permission", async () => {
    const member = await createAccount();
    const result = await postOneClick(unsubscribeToken(member.user.id, "weekly-digest"), {
      origin: "https://mail.example.net",
      "sec-fetch-site": "cross-site",
    });
    expect(result.status).toBe(200);
    expect(await preferencesOf(member.token)).toEqual({ ...allOn, "weekly-digest": false });
  });

  it("is undone by DELETE with the same link, from the unsubscribe page", async () => {
    const member = await createAccount();
    const token = unsubscribeToken(member.user.id, "relative-joined");
    await postOneClick(token);
    const undone = await call(resubscribe, `/api/unsubscribe?token=${token}`, { method: "DELETE" });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ kind: "relative-joined", enabled: true });
    expect(await preferencesOf(member.token)).toEqual(allOn);
  });

  it("changes nothing when a mail program merely opens the address: it is sent on to the page (303)", async () => {
    const member = await createAccount();
    const token = unsubscribeToken(member.user.id, "weekly-questions");
    // A redirect has no envelope to read: the handler is called as Next calls it.
    const response = await openUnsubscribeAddress(new Request(`http://localhost:3000/api/unsubscribe?token=${token}`), { params: Promise.resolve({}) });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/unsubscribe?token=${token}`);
    expect(await preferencesOf(member.token)).toEqual(allOn);
  });

  it.each([
    ["a changed kind", (token: string) => token.replace(".weekly-questions.", ".weekly-digest.")],
    ["another member's id", (token: string, otherId: string) => `${otherId}${token.slice(36)}`],
    ["a changed signature", (token: string) => `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`],
    ["no signature", (token: string) => token.slice(0, token.lastIndexOf("."))],
    ["a kind that does not exist", (token: string) => token.replace(".weekly-questions.", ".password-reset.")],
    ["nothing at all", () => ""],
  ])("refuses a tampered link (%s) and changes nothing", async (_label, tamper) => {
    const member = await createAccount();
    const other = await createAccount();
    const tampered = tamper(unsubscribeToken(member.user.id, "weekly-questions"), other.user.id);
    const refused = await postOneClick(tampered);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(INVALID_UNSUBSCRIBE_LINK);
    expect((await call(resubscribe, `/api/unsubscribe?token=${encodeURIComponent(tampered)}`, { method: "DELETE" })).status).toBe(400);
    expect(await preferencesOf(member.token)).toEqual(allOn);
    expect(await preferencesOf(other.token)).toEqual(allOn);
  });
});

describe("an unsubscribe link's signature", () => {
  it("is refused with any other last character, even those that decode to the same bytes", async () => {
    const member = await createAccount();
    const token = unsubscribeToken(member.user.id, "weekly-questions");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const last of alphabet.replace(token.at(-1)!, "")) {
      const changed = `${token.slice(0, -1)}${last}`;
      expect((await postOneClick(changed)).status, changed).toBe(400);
    }
    expect(await preferencesOf(member.token)).toEqual(allOn);
  });
});

describe("an email's List-Unsubscribe header, over SMTP", () => {
  let smtp: RunningSmtp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Family Book <hello@familybook.example>", APP_URL: APP });
    resetEnvForTests();
  });

  afterAll(async () => {
    for (const name of ["SMTP_URL", "MAIL_FROM", "APP_URL"]) delete process.env[name];
    resetEnvForTests();
    closeMailTransport();
    await smtp.close();
  });

  it("posted to as a mail provider does, turns that email off, and the next one is not sent", async () => {
    const member = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
    // Emails a member may turn off go only to a confirmed address (docs/decisions/017-verified-addresses.md).
    await (await getDb()).user.update({ where: { id: member.user.id }, data: { email_verified_at: new Date() } });
    const job = () => ({
      messageId: newMessageId(),
      template: "relative-joined" as const,
      to: { userId: member.user.id },
      props: { firstName: "Margaret", relativeName: "Tom Hughes", familyPhrase: "the Hughes family", familyBookUrl: `${APP}/family-book` },
      origin: APP,
    });
    await deliverEmail(job());
    const { parsed } = await smtp.waitFor(member.user.email);
    const oneClickAddress = new URL(rawHeader(parsed, "List-Unsubscribe")!.slice(1, -1));
    expect(oneClickAddress.origin + oneClickAddress.pathname).toBe(`${APP}/api/unsubscribe`);

    const result = await postOneClick(oneClickAddress.searchParams.get("token")!);
    expect(result.body.data).toEqual({ kind: "relative-joined", enabled: false });
    await expect(deliverEmail(job())).resolves.toEqual({ status: "turned-off" });
    expect(smtp.to(member.user.email)).toHaveLength(1);
  });
});
