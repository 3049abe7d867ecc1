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
  kind: z.enum(["memory", "answer"]),
  id: z.guid().meta({ description: "The memory's id, or the answer's." }),
  title: textPiecesSchema.meta({ description: "The memory's title, or the question answered." }),
  snippet: textPiecesSchema.meta({ description: "The passage of the story, or of the answer, that matched best (… where it is cut)." }),
  author: personSchema,
  tagged: z.array(personSchema).meta({ description: "The people tagged in a memory; none for an answer." }),
  date: z.iso.date().meta({ description: "The memory's date, or the day the answer was given (UTC)." }),
  is_shared: z.boolean().meta({ description: "Whether the family can read it (the caller's own may be private)." }),
  questionnaire: z.strictObject({ id: z.guid(), title: z.string() }).nullable().meta({ description: "The questionnaire of an answer; null for a memory." }),
  href: z.string().meta({ description: "Where the caller reads it in the app." }),
});
export type SearchResultDto = z.output<typeof searchResultDtoSchema>;

export const searchPageSchema = z.strictObject({
  results: z.array(searchResultDtoSchema),
  next_cursor: z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." }),
});
