import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getFamilyInvite, lockFamilyAsAdmin } from "./get-family-invite";

/** An admin closes the invite link: nobody can join until an admin issues a new one. */
export async function closeFamilyInvite({ viewer, origin }: { viewer: UserDto; origin: string }) {
  const prisma = await getDb();
  await prisma.$transaction(async (tx) => {
    const familyId = await lockFamilyAsAdmin(tx, viewer);
    await tx.familyInvite.updateMany({ where: { family_id: familyId, revoked_at: null }, data: { revoked_at: now() } });
  });
  return getFamilyInvite({ viewer, origin });
}
