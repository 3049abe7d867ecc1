import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { ANSWER_NOT_FOUND } from "@/lib/schemas/conversations";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import { conversationOpenTo, MEMORY_NOT_FOUND } from "@/server/memories/memory-visibility";
import { answerConversationOpenTo } from "@/server/questionnaires/answer-visibility";
import type { UserDto } from "@/server/users/user-dto";

// What a comment or a reaction belongs to: a shared memory or a shared answer. Whether the viewer
// may read or add to its conversation is the item's own visibility rule (memory-visibility.ts,
// answer-visibility.ts), applied here at every request and never copied.

export const itemTypeSchema = z.enum(["memory", "answer"]);
export type ItemType = z.output<typeof itemTypeSchema>;
export type ItemRef = { type: ItemType; id: string };

type Viewer = Pick<UserDto, "id" | "family_id">;

const notFoundMessage = (type: ItemType) => (type === "memory" ? MEMORY_NOT_FOUND : ANSWER_NOT_FOUND);

/** The item's column on comments and reactions. */
export const itemColumn = (item: ItemRef) => (item.type === "memory" ? { memory_id: item.id } : { response_id: item.id });

/** The comments the viewer may read: those on an item whose conversation is open to them. */
export function commentsOpenTo(viewer: Viewer): Prisma.CommentWhereInput {
  const answers = answerConversationOpenTo(viewer);
  return { OR: [{ memory: conversationOpenTo(viewer) }, ...(answers ? [{ response: answers }] : [])] };
}

/** The follow-up questions the viewer may read: the same rule as the comments, on the same item. */
export function followUpsOpenTo(viewer: Viewer): Prisma.FollowUpQuestionWhereInput {
  const answers = answerConversationOpenTo(viewer);
  return { OR: [{ memory: conversationOpenTo(viewer) }, ...(answers ? [{ response: answers }] : [])] };
}

/**
 * The item, when its conversation is open to the viewer, with its author; otherwise the same 404
 * as for an item that does not exist ("Memory not found", "Answer not found").
 */
export async function findOpenItem(viewer: Viewer, item: ItemRef): Promise<{ authorId: string | null }> {
  if (!UUID_PATTERN.test(item.id)) throw notFound(notFoundMessage(item.type));
  const prisma = await getDb();
  if (item.type === "memory") {
    const memory = await prisma.memory.findFirst({ where: { AND: [{ id: item.id }, conversationOpenTo(viewer)] }, select: { user_id: true } });
    if (memory) return { authorId: memory.user_id };
  } else {
    const open = answerConversationOpenTo(viewer);
    const answer = open && (await prisma.response.findFirst({ where: { AND: [{ id: item.id }, open] }, select: { submission: { select: { user_id: true } } } }));
    if (answer) return { authorId: answer.submission.user_id };
  }
  throw notFound(notFoundMessage(item.type));
}
