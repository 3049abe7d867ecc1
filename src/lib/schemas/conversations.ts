import { z } from "zod";
import { plainText } from "./text";

// Comments and reactions on a shared memory or answer (docs/product.md §15). One schema per rule,
// used by the comment form and by the /api handlers alike; messages are the product's words.

export const COMMENT_MAX_LENGTH = 2_000;
export const COMMENT_REQUIRED = "Please write a comment first";
export const COMMENT_TOO_LONG = `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const COMMENT_NOT_FOUND = "Comment not found";
export const ANSWER_NOT_FOUND = "Answer not found";
export const NOT_YOUR_COMMENT = "You can only edit your own comments.";
export const CANNOT_REMOVE_COMMENT = "Only the person who wrote a comment, or the author of the story, can remove it.";

/** Plain text: kept as typed (line breaks too), never read as HTML. */
export const commentBody = z
  .string({ error: COMMENT_REQUIRED })
  .trim()
  .min(1, COMMENT_REQUIRED)
  .max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG)
  .superRefine(plainText("The comment", "multi-line"));

export const commentInputSchema = z.strictObject({ body: commentBody });
export type CommentInput = z.input<typeof commentInputSchema>;

/** The fixed set of reactions, in the order they are shown. */
export const REACTION_KINDS = ["love", "laugh", "wow", "thanks", "applause"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const reactionKindSchema = z.enum(REACTION_KINDS);

export const REACTIONS: Record<ReactionKind, { emoji: string; label: string }> = {
  love: { emoji: "❤️", label: "Love" },
  laugh: { emoji: "😂", label: "Laughter" },
  wow: { emoji: "😮", label: "Surprise" },
  thanks: { emoji: "🙏", label: "Thanks" },
  applause: { emoji: "👏", label: "Applause" },
};

/** "Margaret", "Margaret and you", "Margaret, Olof and you": the people, the viewer last as "you". */
export function listPeople(names: string[], includesYou: boolean) {
  const people = includesYou ? [...names, "you"] : names;
  if (people.length <= 1) return people.join("");
  return `${people.slice(0, -1).join(", ")} and ${people.at(-1)}`;
}

/** What a screen reader says for one reaction button: "Love, 3: Margaret, Olof and you". */
export function reactionAccessibleName(kind: ReactionKind, others: string[], includesYou: boolean) {
  const count = others.length + (includesYou ? 1 : 0);
  const label = REACTIONS[kind].label;
  return count === 0 ? `${label}, 0` : `${label}, ${count}: ${listPeople(others, includesYou)}`;
}

/** The most items one summary may ask for: a few pages of a feed. */
export const SUMMARY_MAX_ITEMS = 200;
export const SUMMARY_IDS_RULE = "memory and answer must be ids of memories and answers.";
export const SUMMARY_TOO_MANY = `Ask for at most ${SUMMARY_MAX_ITEMS} memories and answers at a time.`;

const ids = z
  .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.guid({ error: SUMMARY_IDS_RULE })))
  .meta({ description: "Repeated: `?memory=…&memory=…`." });

/** ?memory=…&answer=…: the items of a feed page whose counts and reactions to read. */
export const conversationSummaryQuerySchema = z
  .object({ memory: ids, answer: ids })
  .refine((query) => query.memory.length + query.answer.length <= SUMMARY_MAX_ITEMS, { error: SUMMARY_TOO_MANY, path: ["memory"] });
