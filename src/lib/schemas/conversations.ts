import { z } from "zod";
import { COMMENT_MAX_LENGTH, COMMENT_REQUIRED, commentProblem, REACTION_KINDS, SUMMARY_MAX_ITEMS } from "@/lib/conversations";

// Comments and reactions on a shared memory or answer (docs/product.md §17): the API's schemas,
// on the constants and messages of lib/conversations.ts, which the screens use without zod.

export {
  COMMENT_MAX_LENGTH,
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  listPeople,
  REACTION_KINDS,
  REACTIONS,
  reactionAccessibleName,
  SUMMARY_MAX_ITEMS,
  type ReactionKind,
} from "@/lib/conversations";

export const COMMENT_NOT_FOUND = "Comment not found";
export const ANSWER_NOT_FOUND = "Answer not found";
export const NOT_YOUR_COMMENT = "You can only edit your own comments.";
export const CANNOT_REMOVE_COMMENT = "Only the person who wrote a comment, or the author of the story, can remove it.";

/**
 * Plain text: kept as typed (line breaks too), never read as HTML. The rule is the one the screens
 * check as the person types (`commentProblem`, lib/conversations.ts): one home for both.
 */
export const commentBody = z
  .string({ error: COMMENT_REQUIRED })
  .trim()
  .superRefine((body, context) => {
    const problem = commentProblem(body);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .meta({ description: `Trimmed, 1 to ${COMMENT_MAX_LENGTH.toLocaleString("en")} characters of plain text.` });

export const commentInputSchema = z.strictObject({ body: commentBody });
export type CommentInput = z.input<typeof commentInputSchema>;

export const reactionKindSchema = z.enum(REACTION_KINDS);

export const SUMMARY_IDS_RULE = "memory and answer must be ids of memories and answers.";
export const SUMMARY_TOO_MANY = `Ask for at most ${SUMMARY_MAX_ITEMS} memories and answers at a time.`;

const ids = z
  .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.guid({ error: SUMMARY_IDS_RULE })))
  .meta({ description: "Repeated: `?memory=…&memory=…`." });

/** ?memory=…&answer=…: the items of a feed page whose counts and reactions to read. */
export const conversationSummaryQuerySchema = z
  .object({ memory: ids, answer: ids })
  .refine((query) => query.memory.length + query.answer.length <= SUMMARY_MAX_ITEMS, { error: SUMMARY_TOO_MANY, path: ["memory"] });
