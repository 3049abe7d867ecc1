import type { z } from "zod";

// What a text field may hold, for every text that reaches the database or a file name: no control
// characters (PostgreSQL cannot store NUL, and the others are invisible or break layouts), and no
// lone UTF-16 surrogate (half of an emoji: not valid Unicode, so not valid UTF-8 either). Stories,
// answers and descriptions keep their line breaks and tabs; names, titles and file names are one
// line. One rule for every field: the forms (react-hook-form) and the route handlers share it.

export type TextLines = "single-line" | "multi-line";

// \p{Cc}: C0 controls, DEL and C1 controls. \p{Cs} with the u flag matches only unpaired surrogates.
// A one-line field (a name, a title) also refuses the bidirectional embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069): nobody types them, and in a name or a title they make
// text read in an order other than the one stored ("Trojan Source"). The marks U+200E and U+200F,
// which right-to-left writing does use, stay allowed.
const NOT_TEXT = {
  "single-line": /[^\P{Cc}\t]|\p{Cs}|[\u202A-\u202E\u2066-\u2069]/u,
  "multi-line": /[^\P{Cc}\t\n\r]|\p{Cs}/u,
} as const;
const LINE_BREAK = /[\n\r]/;

export const controlCharacters = (label: string) => `${label} contains a hidden control character or a broken character. Please remove it and try again.`;
export const notOneLine = (label: string) => `${label} must be on a single line.`;

/** What is wrong with a text (a message naming the field by its label), or null. */
export function plainTextProblem(value: string, label: string, lines: TextLines = "single-line"): string | null {
  if (lines === "single-line" && LINE_BREAK.test(value)) return notOneLine(label);
  if (NOT_TEXT[lines].test(value)) return controlCharacters(label);
  return null;
}

/** The rule as a zod refinement: `z.string().trim().max(200).superRefine(plainText("Title"))`. */
export function plainText(label: string, lines: TextLines = "single-line") {
  return (value: string, context: z.RefinementCtx<string>) => {
    const problem = plainTextProblem(value, label, lines);
    if (problem) context.addIssue({ code: "custom", message: problem });
  };
}
