import { afterEach, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resend } from "@/app/api/family/invitations/[id]/resend/route";
import { DELETE as revoke } from "@/app/api/family/invitations/[id]/route";
import { POST as invite, GET as listInvitations } from "@/app/api/family/invitations/route";
import { ALREADY_IN_FAMILY, INVITATION_NOT_FOUND, ONLY_INVITER_OR_ADMIN } from "@/lib/schemas/invitations";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { hashToken } from "@/server/accounts/auth/sessions";
import { TOO_MANY_WAITING } from "@/server/family/email-invitations/invitation-limits";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";
import { newInviteCode } from "@/server/family/invite-links/invite-rules";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";

// Invitations by email (docs/decisions/016-invitations-by-email.md): any member invites a relative
// by name and address; the personal link fills in the register form, works once, and stops when
// the invitation is accepted, revoked or sent again. Whoever sent it and the admins manage it.

afterEach(() => {
  delete process.env.RATE_LIMIT_DISABLED;
  resetEnvForTests();
});

async function sendInvitation(from: TestAccount, body: Record<string, unknown>) {
  const result = await call(invite, "/api/family/invitations", { token: from.token, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.data.invitation as { id: string; first_name: string; email: string; status: string; can_manage: boolean };
}

/**
 * The code travels only in the email; these tests give an invitation a code they know, the way
 * the email would carry one (the emails themselves are read in tests/api/invitation-email.test.ts).
 */
async function knownCodeFor(invitationId: string) {
  const code = newInviteCode();
  const prisma = await getDb();
  await prisma.invitation.update({ where: { id: invitationId }, data: { code_hash: hashToken(code) } });
  return code;
}

const registration = (code: string, email: string) => ({
  first_name: "Ines",
  last_name: "Lindqvist",
  email,
  password: "a long enough secret",
  family_id: code,
});

describe("inviting a relative by email", () => {
  it("lists the invitation for every member of the family, with who sent it, and lets only the sender and admins manage it", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const email = uniqueEmail("ines");
    const sent = await sendInvitation(relative, { first_name: "Ines", email, note: "We'd love to have you!" });
    expect(sent).toMatchObject({ first_name: "Ines", email, status: "pending", can_manage: true });

    const asAdmin = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(asAdmin.body.data.invitations).toEqual([
      expect.objectContaining({
        id: sent.id,
        note: "We'd love to have you!",
        invited_by: { id: relative.user.id, first_name: "Tom", last_name: "Hughes" },
        can_manage: true,
      }),
    ]);
    const third = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth" });
    const asOtherMember = await call(listInvitations, "/api/family/invitations", { token: third.token });
    expect(asOtherMember.body.data.invitations).toEqual([expect.objectContaining({ id: sent.id, can_manage: false })]);
    const asStranger = await call(listInvitations, "/api/family/invitations", { token: stranger.token });
    expect(asStranger.body.data.invitations).toEqual([]);
    const anonymous = await call(listInvitations, "/api/family/invitations");
    expect(anonymous.status).toBe(401);
  });

  it("refuses bad input field by field, and someone already in the family by name", async () => {
    const { owner, relative } = await createFamilies();
    const bad = await call(invite, "/api/family/invitations", {
      token: owner.token,
      body: { first_name: " ", email: "not an address", note: "x".repeat(501) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      first_name: ["First name is required"],
      email: ["Please enter a valid email address"],
      note: ["A personal note can be at most 500 characters"],
    });
    const member = await call(invite, "/api/family/invitations", { token: owner.token, body: { first_name: "Tom", email: relative.user.email.toUpperCase() } });
    expect(member.status).toBe(409);
    expect(member.body.error).toBe(ALREADY_IN_FAMILY("Tom"));
    expect(member.body.fieldErrors).toEqual({ email: [ALREADY_IN_FAMILY("Tom")] });
  });

  it("sends an invitation waiting for the same address again instead of making a second one", async () => {
    const { owner, relative } = await createFamilies();
    const email = uniqueEmail("ines");
    const first = await sendInvitation(owner, { first_name: "Ines", email });
    const oldCode = await knownCodeFor(first.id);
    const again = await sendInvitation(relative, { first_name: "Inès", email: email.toUpperCase(), note: "Second try" });
    expect(again.id).toBe(first.id);
    const list = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(list.body.data.invitations).toEqual([expect.objectContaining({ id: first.id, first_name: "Inès", note: "Second try" })]);
    // The new email carries a new link: the old one lets nobody in.
    expect(await findOpenInvite(oldCode)).toBeNull();
  });

  it("keeps a family to 50 waiting invitations", async () => {
    process.env.RATE_LIMIT_DISABLED = "true";
    resetEnvForTests();
    const founder = await createAccount();
    const prisma = await getDb();
    await prisma.invitation.createMany({
      data: Array.from({ length: 50 }, (_, index) => ({
        family_id: founder.user.family_id,
        invited_by_id: founder.user.id,
        first_name: `Cousin ${index}`,
        email: `cousin${index}@example.test`,
        email_normalized: `cousin${index}@example.test`,
        code_hash: hashToken(newInviteCode()),
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    });
    const refused = await call(invite, "/api/family/invitations", { token: founder.token, body: { first_name: "One more", email: uniqueEmail() } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(TOO_MANY_WAITING);
  });

  it("limits the emails one address receives in a day", async () => {
    const founder = await createAccount();
    const email = uniqueEmail("popular");
    for (let attempt = 0; attempt < 3; attempt++) await sendInvitation(founder, { first_name: "Ines", email });
    const fourth = await call(invite, "/api/family/invitations", { token: founder.token, body: { first_name: "Ines", email } });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/^This address has had several invitations today\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe("the personal link", () => {
  it("opens on whose family it is for, to whom it was sent, and whether that address already has an account", async () => {
    const { owner, stranger } = await createFamilies();
    const fresh = await sendInvitation(owner, { first_name: "Ines", email: uniqueEmail("ines") });
    const freshCode = await knownCodeFor(fresh.id);
    expect(await findOpenInvite(freshCode)).toEqual({
      code: freshCode,
      family_name: "The Hughes Family",
      invited_by: "Margaret",
      invitation: { first_name: "Ines", email: fresh.email, has_account: false },
    });
    const existing = await sendInvitation(owner, { first_name: "Olga", email: stranger.user.email });
    const existingCode = await knownCodeFor(existing.id);
    expect((await findOpenInvite(existingCode))?.invitation).toEqual({ first_name: "Olga", email: stranger.user.email, has_account: true });
  });

  it("lets the invited person join the family once; the invitation then leaves the list", async () => {
    const { owner } = await createFamilies();
    const sent = await sendInvitation(owner, { first_name: "Ines", email: uniqueEmail("ines") });
    const code = await knownCodeFor(sent.id);
    const joined = await call(register, "/api/auth/register", { body: registration(code, sent.email) });
    expect(joined.status).toBe(201);
    expect(joined.body.data.user.family_id).toBe(owner.user.family_id);

    const again = await call(register, "/api/auth/register", { body: registration(code, uniqueEmail("other")) });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors).toEqual({ family_id: [INVALID_INVITE] });
    const list = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(list.body.data.invitations).toEqual([]);
  });

  it("lets exactly one of two registrations at the same moment through one invitation in", async () => {
    const { owner } = await createFamilies();
    const sent = await sendInvitation(owner, { first_name: "Ines", email: uniqueEmail("ines") });
    const code = await knownCodeFor(sent.id);
    const results = await Promise.all([
      call(register, "/api/auth/register", { body: registration(code, uniqueEmail("first")) }),
      call(register, "/api/auth/register", { body: registration(code, uniqueEmail("second")) }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
  });

  it("stops working once revoked or expired", async () => {
    const { owner } = await createFamilies();
    const revoked = await sendInvitation(owner, { first_name: "Ines", email: uniqueEmail("ines") });
    const revokedCode = await knownCodeFor(revoked.id);
    expect((await call(revoke, `/api/family/invitations/${revoked.id}`, { method: "DELETE", token: owner.token, params: { id: revoked.id } })).status).toBe(
      200,
    );
    const afterRevoke = await call(register, "/api/auth/register", { body: registration(revokedCode, uniqueEmail()) });
    expect(afterRevoke.body.fieldErrors).toEqual({ family_id: [INVALID_INVITE] });

    const expired = await sendInvitation(owner, { first_name: "Jon", email: uniqueEmail("jon") });
    const expiredCode = await knownCodeFor(expired.id);
    const prisma = await getDb();
    await prisma.invitation.update({ where: { id: expired.id }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect(await findOpenInvite(expiredCode)).toBeNull();
    const afterExpiry = await call(register, "/api/auth/register", { body: registration(expiredCode, uniqueEmail()) });
    expect(afterExpiry.body.fieldErrors).toEqual({ family_id: [INVALID_INVITE] });
    const list = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(list.body.data.invitations).toEqual([expect.objectContaining({ id: expired.id, status: "expired" })]);
  });
});

describe("resending and revoking", () => {
  it("lets the sender and an admin resend (a new link; the old one stops), and refuses other members, other families and the anonymous", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const third = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth" });
    const sent = await sendInvitation(relative, { first_name: "Ines", email: uniqueEmail("ines") });
    const path = `/api/family/invitations/${sent.id}/resend`;
    const params = { id: sent.id };

    const byOtherMember = await call(resend, path, { method: "POST", token: third.token, params });
    expect(byOtherMember.status).toBe(403);
    expect(byOtherMember.body.error).toBe(ONLY_INVITER_OR_ADMIN);
    const byStranger = await call(resend, path, { method: "POST", token: stranger.token, params });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.error).toBe(INVITATION_NOT_FOUND);
    expect((await call(resend, path, { method: "POST", params })).status).toBe(401);

    const oldCode = await knownCodeFor(sent.id);
    const bySender = await call(resend, path, { method: "POST", token: relative.token, params });
    expect(bySender.status).toBe(200);
    expect(await findOpenInvite(oldCode)).toBeNull();
    const byAdmin = await call(resend, path, { method: "POST", token: owner.token, params });
    expect(byAdmin.status).toBe(200);
  });

  it("lets the sender and an admin revoke, refuses the others, and answers 404 for what is gone or never was", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const third = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth" });
    const sent = await sendInvitation(relative, { first_name: "Ines", email: uniqueEmail("ines") });
    const path = `/api/family/invitations/${sent.id}`;
    const params = { id: sent.id };
    expect((await call(revoke, path, { method: "DELETE", token: third.token, params })).status).toBe(403);
    expect((await call(revoke, path, { method: "DELETE", token: stranger.token, params })).status).toBe(404);
    expect((await call(revoke, path, { method: "DELETE", params })).status).toBe(401);
    expect((await call(revoke, path, { method: "DELETE", token: owner.token, params })).status).toBe(200);
    const twice = await call(revoke, path, { method: "DELETE", token: owner.token, params });
    expect(twice.status).toBe(404);
    expect(twice.body.error).toBe(INVITATION_NOT_FOUND);
    const notAnId = await call(revoke, "/api/family/invitations/nope", { method: "DELETE", token: owner.token, params: { id: "nope" } });
    expect(notAnId.status).toBe(404);
  });
});
