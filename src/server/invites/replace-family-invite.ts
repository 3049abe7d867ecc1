import "server-only";
import type { NewInviteInput } from "@/lib/schemas/invites";
import { getDb } from "@/server/db/client";
import type { UserDto } from "@/server/users/user-dto";
import { getFamilyInvite, lockFamilyAsAdmin } from "./get-family-invite";
import { inviteExpiry, newInviteCode } from "./invite-rules";

/**
 * An admin issues a new invite link: the current one (open or expired) stops working at once,
 * and the new one works for the days chosen, else INVITE_LINK_DAYS. Also reopens a closed link.
 */
export async function replaceFamilyInvite({ viewer, input, origin }: { viewer: UserDto; input: NewInviteInput; origin: string }) {
  const prisma = await getDb();
  await prisma.$transaction(async (tx) => {
    const familyId = await lockFamilyAsAdmin(tx, viewer);
    await tx.familyInvite.updateMany({ where: { family_id: familyId, revoked_at: null }, data: { revoked_at: new Date() } });
    await tx.familyInvite.create({
      data: { code: newInviteCode(), family_id: familyId, created_by_id: viewer.id, expires_at: inviteExpiry(input.expires_in_days) },
    });
  });
  return getFamilyInvite({ viewer, origin });
}
