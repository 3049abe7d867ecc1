import { plainTextProblem } from "./schemas/text";

// "Tell us more" (docs/product.md §22): the words and rules the screens and the API share. No zod
// here, so the screens that show conversations do not carry it; the API's schemas are in
// schemas/follow-ups.ts and use these same constants and messages.

export const FOLLOW_UP_MIN_LENGTH = 3;
export const FOLLOW_UP_MAX_LENGTH = 500;
export const FOLLOW_UP_REQUIRED = "Please write your question first";
export const FOLLOW_UP_TOO_SHORT = `A question needs at least ${FOLLOW_UP_MIN_LENGTH} characters`;
export const FOLLOW_UP_TOO_LONG = `A question can be at most ${FOLLOW_UP_MAX_LENGTH} characters`;
export const FOLLOW_UP_LABEL = "The question";

export const FOLLOW_UP_ANSWER_MAX_LENGTH = 5_000;
export const FOLLOW_UP_ANSWER_REQUIRED = "Please write your answer first";
export const FOLLOW_UP_ANSWER_TOO_LONG = `An answer can be at most ${FOLLOW_UP_ANSWER_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const FOLLOW_UP_ANSWER_LABEL = "The answer";

/** The author's screen of waiting questions. */
export const FOLLOW_UPS_PATH = "/follow-ups";
/** One waiting question on that screen: where its notification and its email link lead. */
export const followUpPath = (id: string) => `${FOLLOW_UPS_PATH}#follow-up-${id}`;

/** What is wrong with a question as typed (trimmed, 3–500 characters, plain text), or null. */
export function followUpProblem(text: string) {
  const trimmed = text.trim();
  if (trimmed.length === 0) return FOLLOW_UP_REQUIRED;
  if (trimmed.length < FOLLOW_UP_MIN_LENGTH) return FOLLOW_UP_TOO_SHORT;
  if (trimmed.length > FOLLOW_UP_MAX_LENGTH) return FOLLOW_UP_TOO_LONG;
  return plainTextProblem(trimmed, FOLLOW_UP_LABEL, "multi-line");
}

/** What is wrong with an answer as typed (trimmed, 1–5,000 characters, plain text), or null. */
export function followUpAnswerProblem(text: string) {
  const trimmed = text.trim();
  if (trimmed.length === 0) return FOLLOW_UP_ANSWER_REQUIRED;
  if (trimmed.length > FOLLOW_UP_ANSWER_MAX_LENGTH) return FOLLOW_UP_ANSWER_TOO_LONG;
  return plainTextProblem(trimmed, FOLLOW_UP_ANSWER_LABEL, "multi-line");
}
