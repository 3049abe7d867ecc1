import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { hashToken } from "@/server/accounts/auth/sessions";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { inviteExpiry, newInviteCode } from "@/server/family/invite-links/invite-rules";
import * as clock from "@/server/platform/clock";

// What makes an invitation by email usable, in one place (docs/decisions/016-invitations-by-email.md):
// not accepted, not revoked, not expired. Prisma's form and the SQL form sit side by side.

export const pendingInvitationWhere = { accepted_at: null, revoked_at: null } as const;

export const usableInvitationSql = (now: Date = clock.now()) => Prisma.sql`accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}`;

/** A fresh code for the email and what the database keeps of it. */
export function newInvitationCode(now: Date = clock.now()) {
  const code = newInviteCode();
  return { code, code_hash: hashToken(code), sent_at: now, expires_at: inviteExpiry(undefined, now) };
}

export const invitationCodeHash = (code: string) => hashToken(code);

/** Whoever sent an invitation and the family's admins may resend or revoke it. */
export function mayManageInvitation(viewer: Pick<UserDto, "id">, viewerIsAdmin: boolean, invitation: { invited_by_id: string | null }) {
  return viewerIsAdmin || invitation.invited_by_id === viewer.id;
}
