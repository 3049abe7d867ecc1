import "server-only";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { fromMemoryRow, memoryInclude, toMemoryDtos } from "./memory-dto";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy, visibleTo } from "./memory-visibility";

/**
 * One memory the viewer may see: their own, or one shared with their family. `ownOnly` is for
 * the edit screen, which only the owner may open. Anything else is "not found".
 */
export async function getMemoryOrThrow({ viewer, memoryId, ownOnly = false }: { viewer: UserDto; memoryId: string; ownOnly?: boolean }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const row = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, ownOnly ? ownedBy(viewer) : visibleTo(viewer)] },
    include: memoryInclude,
  });
  if (!row) throw notFound(MEMORY_NOT_FOUND);
  const [memory] = await toMemoryDtos([fromMemoryRow(row)], getStorage());
  return memory!;
}
