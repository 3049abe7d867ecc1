import { plainTextProblem } from "./schemas/text";

// Comments and reactions (docs/product.md §17): the words and rules the screens and the API share.
// No zod here, so that the screens that show conversations do not carry it; the API's schemas are
// in schemas/conversations.ts and use these same constants and messages.

export const COMMENT_MAX_LENGTH = 2_000;
export const COMMENT_REQUIRED = "Please write a comment first";
export const COMMENT_TOO_LONG = `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const COMMENT_LABEL = "The comment";

/** What is wrong with a comment as typed (the API's rule: trimmed, 1–2,000 characters, plain text), or null. */
export function commentProblem(text: string) {
  const trimmed = text.trim();
  if (trimmed.length === 0) return COMMENT_REQUIRED;
  if (trimmed.length > COMMENT_MAX_LENGTH) return COMMENT_TOO_LONG;
  return plainTextProblem(trimmed, COMMENT_LABEL, "multi-line");
}

/** The fixed set of reactions, in the order they are shown. */
export const REACTION_KINDS = ["love", "laugh", "wow", "thanks", "applause"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

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
