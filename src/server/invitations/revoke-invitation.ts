import "server-only";
import { INVITATION_NOT_FOUND, ONLY_INVITER_OR_ADMIN } from "@/lib/schemas/invitations";
import { getDb } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";
import { getInvitation } from "./list-invitations";

/** Revoke: the link in the email stops working at once and the invitation leaves the list. */
export async function revokeInvitation({ viewer, id }: { viewer: UserDto; id: string }) {
  const prisma = await getDb();
  const current = await getInvitation(prisma, { viewer, id });
  if (!current) throw notFound(INVITATION_NOT_FOUND);
  if (!current.can_manage) throw new AppError("FORBIDDEN", ONLY_INVITER_OR_ADMIN);
  const { count } = await prisma.invitation.updateMany({
    where: { id, family_id: viewer.family_id!, accepted_at: null, revoked_at: null },
    data: { revoked_at: new Date() },
  });
  if (count === 0) throw notFound(INVITATION_NOT_FOUND);
  return current;
}
