import "server-only";
import { type Prisma } from "@/generated/prisma/client";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { invitationCodeHash, usableInvitationSql } from "@/server/family/email-invitations/invitation-rules";
import { now } from "@/server/platform/clock";
import { AppError } from "@/server/platform/http/app-error";
import { inviteExpiry, newInviteCode, openInviteSql } from "./invite-rules";

type Transaction = Prisma.TransactionClient;

export type NewAccount = Omit<Prisma.UserUncheckedCreateInput, "family_id" | "family_role">;

/**
 * Creates an account inside the caller's transaction: in the family of an open invite the person
 * chose to accept, or as the admin of a new family with its first invite link. An unusable invite
 * is refused, never replaced by a new family.
 */
export async function joinOrStartFamily(
  tx: Transaction,
  { inviteCode, familyName, account }: { inviteCode?: string; familyName: string | null; account: NewAccount },
) {
  if (inviteCode !== undefined) {
    const linkFamily = await familyOfOpenInvite(tx, inviteCode);
    if (linkFamily) return tx.user.create({ data: { ...account, family_id: linkFamily, family_role: "member" } });
    const invitation = await acceptInvitation(tx, inviteCode);
    // Following the link in an invitation proves the address it was sent to (docs/decisions/017-verified-addresses.md).
    const verified = invitation.email_normalized === account.email_normalized ? { email_verified_at: account.email_verified_at ?? now() } : {};
    return tx.user.create({ data: { ...account, ...verified, family_id: invitation.family_id, family_role: "member" } });
  }
  const family = await tx.family.create({ data: { name: familyName }, select: { id: true } });
  const user = await tx.user.create({ data: { ...account, family_id: family.id, family_role: "admin" } });
  await openFirstInvite(tx, family.id, user.id);
  return user;
}

/**
 * A new family's invite link, with a random code like every other: never the family's id, which
 * every member can read and keeps after leaving (docs/decisions/008-invites.md).
 */
export async function openFirstInvite(tx: Transaction, familyId: string, adminId: string) {
  await tx.familyInvite.create({ data: { code: newInviteCode(), family_id: familyId, created_by_id: adminId, expires_at: inviteExpiry() } });
}

/**
 * The family of an open invite, read under a share lock: an admin replacing or closing the link
 * at this moment waits for this registration to finish, or this registration sees the link
 * already revoked and is refused. A revoked code can never let someone in. Null when the code
 * is not an open link of a family (it may be an invitation by email).
 */
async function familyOfOpenInvite(tx: Transaction, code: string) {
  const rows = await tx.$queryRaw<{ family_id: string }[]>`
    SELECT family_id::text AS family_id FROM family_invites
     WHERE code = ${code} AND ${openInviteSql()}
       FOR SHARE`;
  return rows[0]?.family_id ?? null;
}

/**
 * An invitation by email is used once (docs/decisions/016-invitations-by-email.md): accepting it
 * is one conditional update, so of two registrations through one invitation at the same moment
 * the second waits for the first and then finds it accepted. Revoked and expired ones let nobody in.
 */
async function acceptInvitation(tx: Transaction, code: string) {
  const at = now();
  const rows = await tx.$queryRaw<{ family_id: string; email_normalized: string }[]>`
    UPDATE invitations SET accepted_at = ${at}
     WHERE code_hash = ${invitationCodeHash(code)} AND ${usableInvitationSql(at)}
    RETURNING family_id::text AS family_id, email_normalized`;
  const invitation = rows[0];
  if (!invitation) throw new AppError("BAD_REQUEST", INVALID_INVITE, { family_id: [INVALID_INVITE] });
  return invitation;
}
