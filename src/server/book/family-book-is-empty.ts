import "server-only";
import { getDb } from "@/server/db/client";
import { sharedWith } from "@/server/memories/memory-visibility";
import { visibleAnswersWhere } from "@/server/questionnaires/answer-visibility";
import type { UserDto } from "@/server/users/user-dto";

/**
 * Whether the viewer's Family Book has nothing in it yet: no memory and no answer their family
 * shared (by the one visibility rule of each). The page then explains how sharing fills it,
 * instead of offering a PDF of nothing (docs/product.md §2 Family Book).
 */
export async function familyBookIsEmpty({ viewer }: { viewer: UserDto }) {
  const prisma = await getDb();
  const answers = visibleAnswersWhere(viewer);
  const [memory, answer] = await Promise.all([
    prisma.memory.findFirst({ where: sharedWith(viewer), select: { id: true } }),
    answers ? prisma.response.findFirst({ where: answers, select: { id: true } }) : null,
  ]);
  return memory === null && answer === null;
}
