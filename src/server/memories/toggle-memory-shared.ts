import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy } from "./memory-visibility";

/** The owner shares a memory with the family or makes it private again. */
export async function toggleMemoryShared({ viewer, memoryId, isShared }: { viewer: UserDto; memoryId: string; isShared: boolean }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const changed = await prisma.memory.updateMany({ where: { id: memoryId, ...ownedBy(viewer) }, data: { is_shared: isShared, updated_at: now() } });
  if (changed.count === 0) throw notFound(MEMORY_NOT_FOUND);
  return { id: memoryId, is_shared: isShared };
}
