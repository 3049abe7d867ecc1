import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { notFound } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";

// Who may see which memory (DESIGN §5), as WHERE clauses: the owner sees their own, the family
// sees what is shared, nobody sees anything of another family.

export const MEMORY_NOT_FOUND = "Memory not found";

export const ownedBy = (viewer: Pick<UserDto, "id">) => ({ user_id: viewer.id });

export function sharedWith(viewer: Pick<UserDto, "id" | "family_id">) {
  // Without a family, "the family" is the viewer alone: never `family_id: null`.
  return viewer.family_id ? { is_shared: true, family_id: viewer.family_id } : { is_shared: true, user_id: viewer.id };
}

/** The same two rules for the hand-written list query, on `memories m`. */
export const ownedBySql = (viewer: Pick<UserDto, "id">) => Prisma.sql`m.user_id = ${viewer.id}::uuid`;

export function sharedWithSql(viewer: Pick<UserDto, "id" | "family_id">) {
  return viewer.family_id
    ? Prisma.sql`m.is_shared AND m.family_id = ${viewer.family_id}::uuid`
    : Prisma.sql`m.is_shared AND m.user_id = ${viewer.id}::uuid`;
}

export const visibleTo = (viewer: Pick<UserDto, "id" | "family_id">) => ({ OR: [ownedBy(viewer), sharedWith(viewer)] });

/** A malformed id cannot name a memory: answered like any other missing one. */
export function assertMemoryId(memoryId: string) {
  if (!UUID_PATTERN.test(memoryId)) throw notFound(MEMORY_NOT_FOUND);
}
