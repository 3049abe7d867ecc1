import "server-only";
import { now } from "@/server/clock";
import { getDb } from "@/server/db/client";
import type { UserDto } from "@/server/users/user-dto";
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
