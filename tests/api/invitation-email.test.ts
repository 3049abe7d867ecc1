import { describe, expect, it, vi } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resend } from "@/app/api/family/invitations/[id]/resend/route";
import { POST as invite } from "@/app/api/family/invitations/route";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";

// The email of an invitation (docs/decisions/016-invitations-by-email.md), sent over real SMTP to
// a server in this process and read back with mailparser: it names the inviter and the family,
// carries the note and a personal link that works once, and tells someone with an account to
// sign in instead. Invitations are transactional: no unsubscribe header.

vi.setConfig({ testTimeout: 120_000 });

const APP = "https://familybook.example";
const mail = withSmtpAndWorkers(APP);

async function invitationEmail(from: TestAccount, body: { first_name: string; email: string; note?: string }) {
  const before = mail.smtp.to(body.email).length;
  const result = await call(invite, "/api/family/invitations", { token: from.token, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  await mail.workers.runUntil(() => mail.smtp.to(body.email).length > before);
  return { invitation: result.body.data.invitation as { id: string }, email: mail.smtp.to(body.email)[before]! };
}

const joinLinkIn = (text: string) => /https:\/\/familybook\.example\/register\?familyId=([\w-]+)/.exec(text);

describe("the invitation email", () => {
  it("names the inviter and the family, carries the note, and links to a register page for this person", async () => {
    const { owner } = await createFamilies();
    const address = uniqueEmail("ines");
    const { email } = await invitationEmail(owner, { first_name: "Ines", email: address, note: "Grandma's stories are here.\nCome and read them!" });

    expect(email.envelopeTo).toEqual([address]);
    expect(email.parsed.subject).toBe("Margaret Hughes invites you to join the Hughes family on Family Book");
    expect(email.parsed.from?.text).toBe('"Family Book" <hello@familybook.example>');
    expect(email.parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>\s]+>$/);
    expect(email.parsed.headers.has("list-unsubscribe")).toBe(false);
    const text = email.parsed.text ?? "";
    expect(text).toContain("Hello Ines,");
    expect(text).toContain("Margaret Hughes invites you to join the Hughes family on Family Book");
    expect(text).toContain("Grandma's stories are here.\nCome and read them!");
    expect(email.parsed.html).toContain("Join the family");

    const code = joinLinkIn(text)?.[1];
    expect(code, "the personal link is in the plain-text part").toBeDefined();
    expect(await findOpenInvite(code)).toMatchObject({ invited_by: "Margaret", invitation: { first_name: "Ines", email: address, has_account: false } });
    const joined = await call(register, "/api/auth/register", {
      body: { first_name: "Ines", last_name: "Hughes", email: address, password: "a long enough secret", family_id: code },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.data.user.family_id).toBe(owner.user.family_id);
  });

  it("tells someone whose address already has an account to sign in instead", async () => {
    const founder = await createAccount({ firstName: "Olof", lastName: "Berg" });
    const elsewhere = await createAccount({ firstName: "Karin" });
    const { email } = await invitationEmail(founder, { first_name: "Karin", email: elsewhere.user.email });
    const text = email.parsed.text ?? "";
    expect(text).toContain("You already have a Family Book account with this email address.");
    expect(text).toContain(`${APP}/register?tab=login`);
    expect(joinLinkIn(text)).toBeNull();
  });

  it("sends a new link on Resend, and the first email's link no longer works", async () => {
    const { owner } = await createFamilies();
    const address = uniqueEmail("jon");
    const { invitation, email: first } = await invitationEmail(owner, { first_name: "Jon", email: address });
    const firstCode = joinLinkIn(first.parsed.text ?? "")![1]!;

    const before = mail.smtp.to(address).length;
    const again = await call(resend, `/api/family/invitations/${invitation.id}/resend`, { method: "POST", token: owner.token, params: { id: invitation.id } });
    expect(again.status).toBe(200);
    await mail.workers.runUntil(() => mail.smtp.to(address).length > before);
    const secondCode = joinLinkIn(mail.smtp.to(address)[before]!.parsed.text ?? "")![1]!;
    expect(secondCode).not.toBe(firstCode);

    const withOld = await call(register, "/api/auth/register", {
      body: { first_name: "Jon", last_name: "Hughes", email: address, password: "a long enough secret", family_id: firstCode },
    });
    expect(withOld.status).toBe(400);
    expect(withOld.body.fieldErrors).toEqual({ family_id: [INVALID_INVITE] });
    expect(await findOpenInvite(secondCode)).not.toBeNull();
  });
});
