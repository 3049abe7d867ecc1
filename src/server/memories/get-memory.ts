import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { notFound } from "@/server/platform/http/app-error";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBySql, visibleToSql } from "./memory-visibility";
import { readMemories } from "./read-memories";

/**
 * One memory the viewer may see: their own, or one shared with their family. `ownOnly` is for
 * the edit screen, which only the owner may open. Anything else is "not found". Read by the
 * lists' own statement, so a memory opened alone is the one its list shows.
 */
export async function getMemoryOrThrow({ viewer, memoryId, ownOnly = false }: { viewer: UserDto; memoryId: string; ownOnly?: boolean }) {
  assertMemoryId(memoryId);
  const scope = Prisma.sql`m.id = ${memoryId}::uuid AND ${ownOnly ? ownedBySql(viewer) : visibleToSql(viewer)}`;
  const { memories } = await readMemories({ scope, limit: 1 });
  if (!memories[0]) throw notFound(MEMORY_NOT_FOUND);
  return memories[0];
}
