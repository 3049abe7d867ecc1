import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { ANSWER_NOT_FOUND } from "@/lib/schemas/conversations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { conversationOpenTo, conversationOpenToSql, MEMORY_NOT_FOUND } from "@/server/memories/memory-visibility";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { answerConversationOpenTo, answerConversationOpenToSql } from "@/server/questions/questionnaires/answer-visibility";

// What a comment, a reaction or a follow-up question belongs to: a shared memory or a shared
// answer, and the family whose conversation it is part of. Whether the viewer may read or add to
// it is the item's own visibility rule (memory-visibility.ts, answer-visibility.ts), applied here
// at every request and never copied, and the row's family: what was said in one family stays that
// family's when the item moves with its author to another
// (docs/decisions/037-conversations-stay-in-their-family.md).

export const itemTypeSchema = z.enum(["memory", "answer"]);
export type ItemType = z.output<typeof itemTypeSchema>;
export type ItemRef = { type: ItemType; id: string };

type Viewer = Pick<UserDto, "id" | "family_id">;

const notFoundMessage = (type: ItemType) => (type === "memory" ? MEMORY_NOT_FOUND : ANSWER_NOT_FOUND);

/** The item's column on comments, reactions and follow-up questions. */
export const itemColumn = (item: ItemRef) => (item.type === "memory" ? { memory_id: item.id } : { response_id: item.id });

/** What a comment, a reaction and a follow-up question have alike, for the one rule over all three. */
type ConversationRowWhere = Prisma.CommentWhereInput & Prisma.ReactionWhereInput & Prisma.FollowUpQuestionWhereInput;

/**
 * The conversation rows the viewer may read: said in the viewer's family, on an item whose
 * conversation is open to them. Someone without a family reads none.
 */
function conversationRowsOpenTo(viewer: Viewer): ConversationRowWhere {
  const memories = conversationOpenTo(viewer);
  const answers = answerConversationOpenTo(viewer);
  // Never `family_id: null`: those are the rows no family can read any more. (An empty `OR` is
  // no way to say "nothing" either: Prisma drops it and matches every row.)
  if (!viewer.family_id) return { id: { in: [] } };
  return { family_id: viewer.family_id, OR: [...(memories ? [{ memory: memories }] : []), ...(answers ? [{ response: answers }] : [])] };
}

/** The comments the viewer may read. */
export const commentsOpenTo = (viewer: Viewer): Prisma.CommentWhereInput => conversationRowsOpenTo(viewer);

/** The reactions the viewer may see. */
export const reactionsOpenTo = (viewer: Viewer): Prisma.ReactionWhereInput => conversationRowsOpenTo(viewer);

/** The follow-up questions the viewer may read: the same rule as the comments, on the same item. */
export const followUpsOpenTo = (viewer: Viewer): Prisma.FollowUpQuestionWhereInput => conversationRowsOpenTo(viewer);

/** The rows a statement names by these aliases: comments `c`, reactions `x`, follow-up questions `f`. */
export type ConversationAlias = "c" | "x" | "f";

/**
 * The family half of the rule above, in SQL on a comment, reaction or follow-up question row; the
 * statement applies the item half to the item itself (conversationOpenToSql,
 * answerConversationOpenToSql). tests/api/conversation-families.test.ts holds the two to the same answer.
 */
/**
 * The item a comment or question is under is open to the viewer, in SQL, with the item joined as
 * `m` (a memory) or `r`, `s` and `author` (an answer, its submission and their author): the items'
 * own rules, as everywhere a conversation is read.
 */
export function conversationItemOpenSql(viewer: Viewer) {
  const memories = conversationOpenToSql(viewer);
  const answers = answerConversationOpenToSql(viewer);
  return Prisma.sql`((m.id IS NOT NULL AND ${memories ?? Prisma.sql`FALSE`}) OR (r.id IS NOT NULL AND ${answers ?? Prisma.sql`FALSE`}))`;
}

export function conversationFamilySql(alias: ConversationAlias, viewer: Viewer) {
  return viewer.family_id ? Prisma.sql`${Prisma.raw(alias)}.family_id = ${viewer.family_id}::uuid` : Prisma.sql`FALSE`;
}

/**
 * The item, when its conversation is open to the viewer, with its author and the family a new
 * comment, reaction or question on it joins; otherwise the same 404 as for an item that does not
 * exist ("Memory not found", "Answer not found").
 */
export async function findOpenItem(viewer: Viewer, item: ItemRef): Promise<{ authorId: string | null; familyId: string }> {
  if (!UUID_PATTERN.test(item.id)) throw notFound(notFoundMessage(item.type));
  const prisma = await getDb();
  if (item.type === "memory") {
    const open = conversationOpenTo(viewer);
    const memory = open && (await prisma.memory.findFirst({ where: { AND: [{ id: item.id }, open] }, select: { user_id: true, family_id: true } }));
    if (memory?.family_id) return { authorId: memory.user_id, familyId: memory.family_id };
  } else {
    const open = answerConversationOpenTo(viewer);
    const answer =
      open &&
      (await prisma.response.findFirst({ where: { AND: [{ id: item.id }, open] }, select: { submission: { select: { user_id: true, family_id: true } } } }));
    if (answer?.submission.family_id) return { authorId: answer.submission.user_id, familyId: answer.submission.family_id };
  }
  throw notFound(notFoundMessage(item.type));
}
