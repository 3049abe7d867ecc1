import "server-only";
import { z } from "zod";

// One search result as the API answers it (docs/api.md, Search).

/** A piece of text, highlighted where it matched the search. Joined, the pieces are the text. */
export const textPiecesSchema = z
  .array(z.strictObject({ text: z.string(), highlighted: z.boolean() }))
  .meta({ description: "The text in pieces; `highlighted` where it matched the search. Join the pieces for the plain text." });
export type TextPieces = z.output<typeof textPiecesSchema>;

const personSchema = z.strictObject({
  id: z.guid().nullable().meta({ description: "Null for an author who deleted their account and left it to the family, and for a plain-text tag." }),
  first_name: z.string(),
  last_name: z.string(),
});

export const searchResultDtoSchema = z.strictObject({
  kind: z
    .enum(["memory", "answer", "comment", "follow_up"])
    .meta({ description: "A memory, an answer, a comment under one, or a “Tell us more” question with its answer." }),
  id: z.guid().meta({ description: "The memory's id, the answer's, the comment's or the question's." }),
  item: z.strictObject({ type: z.enum(["memory", "answer"]), id: z.guid() }).meta({ description: "The memory or answer it is, or is under." }),
  title: textPiecesSchema.meta({ description: "The memory's title, or the question answered (for a comment or a question: of the item it is under)." }),
  snippet: textPiecesSchema.meta({
    description: "The passage of the story, the answer, the comment, or the question and its answer, that matched best (… where it is cut).",
  }),
  author: personSchema.meta({ description: "Who wrote it: the memory's or answer's author, the comment's writer, or who answered the question." }),
  tagged: z.array(personSchema).meta({ description: "The people tagged in a memory; none for an answer." }),
  date: z.iso.date().meta({ description: "The memory's date, or the day the answer was given (UTC)." }),
  is_shared: z.boolean().meta({ description: "Whether the family can read it (the caller's own may be private)." }),
  questionnaire: z.strictObject({ id: z.guid(), title: z.string() }).nullable().meta({ description: "The questionnaire of an answer; null for a memory." }),
  href: z.string().meta({ description: "Where the caller reads it in the app (a comment or a question: its story, opened on it)." }),
  thumbnail_url: z.string().nullable().meta({ description: "The first photo of the memory it is or is under, small, at a signed address; null without one." }),
});
export type SearchResultDto = z.output<typeof searchResultDtoSchema>;

export const searchPageSchema = z.strictObject({
  results: z.array(searchResultDtoSchema),
  did_you_mean: z.string().nullable().meta({
    description: "When nothing was found: the search with each word replaced by the nearest word the caller may read (“malga” → “Málaga”); null otherwise.",
  }),
  next_cursor: z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." }),
});
