import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { sharedWith } from "@/server/memories/memory-visibility";
import { getDb } from "@/server/platform/db/client";
import { visibleAnswersWhere } from "@/server/questions/questionnaires/answer-visibility";

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
