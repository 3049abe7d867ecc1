import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { memberSelect, toProfileDto } from "./family-member-dto";
import { sameFamilyAs } from "./viewer-scope";

export const PROFILE_NOT_FOUND = "Profile not found";

/** A profile in the viewer's own family; anyone else's is "not found", exactly like a missing one. */
export async function getFamilyProfile({ viewer, profileId }: { viewer: UserDto; profileId: string }) {
  if (!UUID_PATTERN.test(profileId)) throw notFound(PROFILE_NOT_FOUND);
  const prisma = await getDb();
  const row = await prisma.user.findFirst({ where: { AND: [{ id: profileId }, sameFamilyAs(viewer)] }, select: memberSelect });
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toProfileDto(row);
}
