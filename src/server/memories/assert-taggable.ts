import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { TAG_OUTSIDE_FAMILY, TAG_SELF } from "@/lib/schemas/memories";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { AppError } from "@/server/platform/http/app-error";

/** Tags name members of the writer's own family and never the writer (docs/product.md §6): else 400. */
export async function assertTaggable({ prisma, viewer, userIds }: { prisma: PrismaClient; viewer: UserDto; userIds: string[] }) {
  if (userIds.length === 0) return;
  if (userIds.includes(viewer.id)) {
    throw new AppError("BAD_REQUEST", TAG_SELF, { taggedUserIds: [TAG_SELF] });
  }
  const outside = () => new AppError("BAD_REQUEST", TAG_OUTSIDE_FAMILY, { taggedUserIds: [TAG_OUTSIDE_FAMILY] });
  if (!viewer.family_id || userIds.some((id) => !UUID_PATTERN.test(id))) throw outside();
  const members = await prisma.user.count({ where: { id: { in: userIds }, family_id: viewer.family_id } });
  if (members !== userIds.length) throw outside();
}
