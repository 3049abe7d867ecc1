import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { memoryInclude, newestFirst, toMemoryDto } from "./memory-dto";
import { ownedBy, sharedWith } from "./memory-scope";
import { readPage, type PageRequest } from "./pagination";

/** The viewer's own memories, newest memory_date first, one page at a time. */
export async function listMemories({ viewer, page = {} }: { viewer: UserDto; page?: PageRequest }) {
  return listPage({ where: ownedBy(viewer), page });
}

/**
 * What the viewer's family shared (their own shared memories included), with authors and tags;
 * optionally only one relative's (the Family Book's member filter).
 */
export async function listSharedMemories({ viewer, page = {}, authorId }: { viewer: UserDto; page?: PageRequest; authorId?: string }) {
  return listPage({ where: authorId ? { AND: [sharedWith(viewer), { user_id: authorId }] } : sharedWith(viewer), page });
}

async function listPage({ where, page }: { where: Prisma.MemoryWhereInput; page: PageRequest }) {
  const prisma = await getDb();
  const { limit, cursor } = readPage(page);
  // A cursor that is not in this list (someone else's memory, a deleted one) starts from the top.
  const cursorRow = cursor ? await prisma.memory.findFirst({ where: { AND: [{ id: cursor }, where] }, select: { id: true } }) : null;
  const rows = await prisma.memory.findMany({
    where,
    include: memoryInclude,
    orderBy: newestFirst,
    take: limit + 1,
    ...(cursorRow ? { cursor: { id: cursorRow.id }, skip: 1 } : {}),
  });
  const storage = getStorage();
  const now = new Date();
  const memories = await Promise.all(rows.slice(0, limit).map((row) => toMemoryDto(row, storage, now)));
  return { memories, next_cursor: rows.length > limit ? memories[memories.length - 1]!.id : null };
}
