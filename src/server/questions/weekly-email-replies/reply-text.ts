import EmailReplyParser from "email-reply-parser";

// The new text of a reply by email (docs/decisions/022-answers-by-reply.md): what the person wrote
// above the quoted email ("On … wrote:", "> …") and above their signature ("-- ", "Sent from my
// iPhone"), found by email-reply-parser rather than by patterns of our own. The text is cleaned of
// control characters and bounded first: the library's patterns backtrack (it uses RE2 only when a
// native module is installed), and runs of blank lines and very long texts make them slow. It is
// only ever read from a reply whose address and sender were already checked.

/** The top of the message that is read: an answer is at most 20,000 characters, and the new text comes first. */
export const MAX_READ_CHARACTERS = 21_000;

// Control characters other than tab and line feed, and the zero-width and bidirectional controls
// that could disguise an answer: none belong in an answer.

const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * A phone's or mail program's signature standing alone: a reply that is only a voice memo or photos
 * carries it, and nothing of it is the answer. Anchored at both ends over one line and a few words, so it cannot backtrack far
 * and leaves a sentence that only begins like one.
 */
const LONE_SIGNATURE =
  /^(?:sent from my(?: [\p{L}\p{N}.'-]{1,20}){1,4}|sent from (?:mail|outlook|yahoo mail) for (?:windows|ios|android|mac)|get outlook for (?:ios|android))$/iu;

export function extractReplyText(text: string): string {
  // Blank lines are collapsed before the text is cut, so a run of them cannot push the answer out.
  const bounded = text
    .replace(/\r\n?/g, "\n")
    .replace(UNWANTED, "")
    .split("\n")
    .map((line) => line.replace(/\s+$/u, ""))
    .join("\n")
    .replace(/^\n+/, "")
    .replace(/\n{3,}/g, "\n\n")
    .slice(0, MAX_READ_CHARACTERS);
  const reply = new EmailReplyParser()
    .parseReply(bounded)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return LONE_SIGNATURE.test(reply) ? "" : reply;
}
