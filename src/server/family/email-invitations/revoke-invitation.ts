import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { INVITATION_NOT_FOUND, ONLY_INVITER_OR_ADMIN } from "@/lib/schemas/invitations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { pendingInvitationWhere } from "./invitation-rules";
import { getInvitation } from "./list-invitations";

/** Revoke: the link in the email stops working at once and the invitation leaves the list. */
export async function revokeInvitation({ viewer, id }: { viewer: UserDto; id: string }) {
  const prisma = await getDb();
  const current = await getInvitation(prisma, { viewer, id });
  if (!current) throw notFound(INVITATION_NOT_FOUND);
  if (!current.can_manage) throw new AppError("FORBIDDEN", ONLY_INVITER_OR_ADMIN);
  const { count } = await prisma.invitation.updateMany({
    where: { id, family_id: viewer.family_id!, accepted_at: null, revoked_at: null },
    data: { revoked_at: now() },
  });
  if (count === 0) throw notFound(INVITATION_NOT_FOUND);
  return current;
}

/**
 * After an admin removes a member, the invitations they sent that are still waiting (expired ones
 * too, which could be resent) stop working: one may have gone to another address of their own
 * (docs/decisions/024-leaving-and-the-circle.md). How many were revoked.
 */
export async function revokeInvitationsSentBy(tx: Prisma.TransactionClient, { familyId, inviterId }: { familyId: string; inviterId: string }) {
  const { count } = await tx.invitation.updateMany({
    where: { family_id: familyId, invited_by_id: inviterId, ...pendingInvitationWhere },
    data: { revoked_at: now() },
  });
  return count;
}
