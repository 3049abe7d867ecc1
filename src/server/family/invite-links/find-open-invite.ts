import "server-only";
import { looksLikeInviteCode } from "@/lib/schemas/invites";
import { invitationCodeHash, pendingInvitationWhere } from "@/server/family/email-invitations/invitation-rules";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { openInviteWhere } from "./invite-rules";

/**
 * What someone holding an invite may learn before they accept it: whose family, who invited.
 * An invitation by email (docs/decisions/016-invitations-by-email.md) also says to whom it was
 * sent, and whether that address already has an account (then the person signs in instead).
 */
export type InvitePreview = {
  code: string;
  family_name: string | null;
  invited_by: string | null;
  invitation: { first_name: string; email: string; has_account: boolean } | null;
};

/**
 * The invite behind a code, if it can still be used: the family's link, or an invitation by
 * email. Null for an unknown, expired, revoked or accepted one (told apart to nobody).
 */
export async function findOpenInvite(code: string | null | undefined): Promise<InvitePreview | null> {
  if (!looksLikeInviteCode(code)) return null;
  const prisma = await getDb();
  const now = clock.now();
  const invite = await prisma.familyInvite.findFirst({
    where: { code, ...openInviteWhere(now) },
    select: { code: true, family: { select: { name: true } }, created_by: { select: { first_name: true } } },
  });
  if (invite) return { code: invite.code, family_name: invite.family.name, invited_by: invite.created_by?.first_name ?? null, invitation: null };

  const invitation = await prisma.invitation.findFirst({
    where: { code_hash: invitationCodeHash(code), ...pendingInvitationWhere, expires_at: { gt: now } },
    select: { first_name: true, email: true, email_normalized: true, family: { select: { name: true } }, invited_by: { select: { first_name: true } } },
  });
  if (!invitation) return null;
  const account = await prisma.user.findUnique({ where: { email_normalized: invitation.email_normalized }, select: { id: true } });
  return {
    code,
    family_name: invitation.family.name,
    invited_by: invitation.invited_by?.first_name ?? null,
    invitation: { first_name: invitation.first_name, email: invitation.email, has_account: account !== null },
  };
}
