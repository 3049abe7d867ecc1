import "server-only";
import { normalizeEmail } from "@/lib/schemas/auth";
import { INVITATION_NOT_FOUND, ONLY_INVITER_OR_ADMIN } from "@/lib/schemas/invitations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { queueInvitationEmail } from "./invitation-email";
import { invitationRules } from "./invitation-limits";
import { newInvitationCode } from "./invitation-rules";
import { getInvitation } from "./list-invitations";

/** Resend: a new email with a new link (the old link stops working) and a new expiry. */
export async function resendInvitation({ viewer, id, origin }: { viewer: UserDto; id: string; origin: string }) {
  const prisma = await getDb();
  const current = await getInvitation(prisma, { viewer, id });
  if (!current) throw notFound(INVITATION_NOT_FOUND);
  if (!current.can_manage) throw new AppError("FORBIDDEN", ONLY_INVITER_OR_ADMIN);
  await countAndLimit(invitationRules.bySender, viewer.id);
  await countAndLimit(invitationRules.byAddress, normalizeEmail(current.email));

  const fresh = newInvitationCode();
  // Only a waiting invitation takes a new code: one accepted or revoked meanwhile stays as it is.
  const { count } = await prisma.invitation.updateMany({
    where: { id, family_id: viewer.family_id!, accepted_at: null, revoked_at: null },
    data: { code_hash: fresh.code_hash, sent_at: fresh.sent_at, expires_at: fresh.expires_at },
  });
  if (count === 0) throw notFound(INVITATION_NOT_FOUND);
  await queueInvitationEmail({ invitationId: id, code: fresh.code, origin });
  const invitation = await getInvitation(prisma, { viewer, id });
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  return invitation;
}
