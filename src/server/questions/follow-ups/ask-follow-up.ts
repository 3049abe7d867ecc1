import "server-only";
import { FOLLOW_UP_OWN_STORY } from "@/lib/schemas/follow-ups";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { findOpenItem, itemColumn, type ItemRef } from "@/server/conversations/conversation-item";
import { notifyFollowUpQuestion } from "@/server/news/notifications/record";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { followUpSelect, toFollowUpDto } from "./follow-up-dto";

// "Tell us more" (docs/product.md §22, docs/decisions/030-tell-us-more.md): someone who may see a
// shared memory or answer asks its author a follow-up question. Who may ask is who may comment:
// the item's own visibility rule, through findOpenItem. The author finds it among their waiting
// questions (GET /api/follow-ups) and is told by a notification (docs/product.md §21).

export const FOLLOW_UP_NO_AUTHOR = "The author of this story is no longer in the family, so nobody can answer a question about it.";

/** Asks the item's author a question; answers the stored question. The one place a question is created. */
export async function askFollowUp({ viewer, item, question }: { viewer: UserDto; item: ItemRef; question: string }) {
  const { authorId, familyId } = await findOpenItem(viewer, item);
  if (authorId === viewer.id) throw new AppError("BAD_REQUEST", FOLLOW_UP_OWN_STORY);
  if (!authorId) throw new AppError("BAD_REQUEST", FOLLOW_UP_NO_AUTHOR);
  const prisma = await getDb();
  const row = await prisma.followUpQuestion.create({
    data: { ...itemColumn(item), family_id: familyId, asker_id: viewer.id, author_id: authorId, question },
    select: followUpSelect,
  });
  await notifyFollowUpQuestion({ askerId: viewer.id, authorId, item, followUpId: row.id });
  return toFollowUpDto(row);
}
