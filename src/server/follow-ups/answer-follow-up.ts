import "server-only";
import { FOLLOW_UP_ALREADY_ANSWERED } from "@/lib/schemas/follow-ups";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";
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
  const { count } = await prisma.followUpQuestion.updateMany({ where: { AND: [{ id }, pendingFor(viewer)] }, data: { answer, answered_at: new Date() } });
  if (count === 0) {
    // Made private in between: 404 like any story they may not see; otherwise answered by another request.
    await getFollowUpForAuthor({ viewer, id });
    throw new AppError("CONFLICT", FOLLOW_UP_ALREADY_ANSWERED);
  }
  return toFollowUpDto(await prisma.followUpQuestion.findUniqueOrThrow({ where: { id }, select: followUpSelect }));
}
