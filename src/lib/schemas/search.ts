import { z } from "zod";
import { memberFilter } from "./family-book-feed";
import { pageSchema } from "./paging";

// ?q=&kind=&member=&year=&limit=&cursor= on GET /api/search and the /search page (docs/product.md, Search).

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_QUERY_MISSING = "Type a word or a name to search for.";
export const SEARCH_QUERY_TOO_LONG = `A search is at most ${SEARCH_QUERY_MAX} characters.`;
export const SEARCH_KIND_RULE = "kind must be all, memories or answers.";
export const SEARCH_YEAR_RULE = "year must be a year from 1000 to 9999.";

export const SEARCH_KINDS = ["all", "memories", "answers"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * What a person typed, as search reads it: hidden control characters and broken characters become
 * spaces (a search box refuses nothing it can read), and the ends are trimmed.
 */
export function cleanSearchText(value: string) {
  return value
    .toWellFormed()
    .replace(/[\p{Cc}\p{Cf}\p{Co}\uFFFD]/gu, " ")
    .trim();
}

const absentWhenEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

export const searchQuerySchema = pageSchema.extend({
  q: z
    .string({ error: SEARCH_QUERY_MISSING })
    .transform(cleanSearchText)
    .pipe(z.string().min(1, SEARCH_QUERY_MISSING).max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG))
    .meta({
      description:
        'What to look for, as in a web search engine: words (all must be found), "a phrase in quotes", `or` between alternatives, `-word` to leave out. Letter case and accents do not matter ("Jurgen" finds "Jürgen").',
    }),
  kind: z.preprocess(
    absentWhenEmpty,
    z.enum(SEARCH_KINDS, { error: SEARCH_KIND_RULE }).default("all").meta({ description: "Memories, answers, or both (the default)." }),
  ),
  member: z
    .string()
    .optional()
    .transform(memberFilter)
    .meta({ description: "A relative's id (or the caller's own): only what they wrote. Anything else (or nothing) searches everyone's." }),
  year: z.preprocess(
    absentWhenEmpty,
    z.coerce
      .number({ error: SEARCH_YEAR_RULE })
      .int({ error: SEARCH_YEAR_RULE, abort: true })
      .min(1000, { error: SEARCH_YEAR_RULE, abort: true })
      .max(9999, SEARCH_YEAR_RULE)
      .optional()
      .meta({ description: "Only a memory of that year (its date), or an answer given that year (UTC)." }),
  ),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;
