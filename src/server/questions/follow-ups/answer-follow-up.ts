import "server-only";
import { FOLLOW_UP_ALREADY_ANSWERED } from "@/lib/schemas/follow-ups";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { notifyFollowUpAnswered } from "@/server/news/notifications/record";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { followUpSelect, toFollowUpDto } from "./follow-up-dto";
import { getFollowUpForAuthor, pendingFor } from "./pending-follow-ups";

// The author answers a question from their family (docs/product.md §22). A question is answered
// once: the update only takes a question still unanswered, so two answers sent together (two
// tabs, a double tap) leave exactly one, and the other is told it was already answered.

export async function answerFollowUp({ viewer, id, answer }: { viewer: UserDto; id: string; answer: string }) {
  // 404 for a question that is not theirs, not there, or on a story made private.
  const found = await getFollowUpForAuthor({ viewer, id });
  if (found.answered_at) throw new AppError("CONFLICT", FOLLOW_UP_ALREADY_ANSWERED);
  const prisma = await getDb();
  const { count } = await prisma.followUpQuestion.updateMany({ where: { AND: [{ id }, pendingFor(viewer)] }, data: { answer, answered_at: now() } });
  if (count === 0) {
    // Made private in between: 404 like any story they may not see; otherwise answered by another request.
    await getFollowUpForAuthor({ viewer, id });
    throw new AppError("CONFLICT", FOLLOW_UP_ALREADY_ANSWERED);
  }
  return answeredNow(viewer, id);
}

/** A question the viewer has just answered, in words or out loud: the one who asked hears that the answer came (docs/product.md §21). */
export async function answeredNow(viewer: UserDto, id: string) {
  const prisma = await getDb();
  const answered = await prisma.followUpQuestion.findUniqueOrThrow({ where: { id }, select: followUpSelect });
  const item = answered.memory_id ? { type: "memory" as const, id: answered.memory_id } : { type: "answer" as const, id: answered.response_id! };
  if (answered.asker) await notifyFollowUpAnswered({ authorId: viewer.id, askerId: answered.asker.id, item, followUpId: id });
  return toFollowUpDto(answered);
}
