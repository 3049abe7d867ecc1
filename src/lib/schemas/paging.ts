import { z } from "zod";
import { UUID_PATTERN } from "./auth";

// One page of any list (?limit=&cursor=), newest first: the user's memories, the family's shared
// memories, answers and submissions. One default and one maximum for every list (docs/api.md, "Lists");
// 20 fills a phone screen or two, and the Family Book and My Memories load the next page as the
// reader scrolls.

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const LIMIT_RULE = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;
export const CURSOR_RULE = "cursor must be an id from a previous page.";

/** `?limit=` left empty is no limit at all, like a missing one. */
const absentWhenEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

export const pageSchema = z.object({
  limit: z.preprocess(
    absentWhenEmpty,
    z.coerce
      .number({ error: LIMIT_RULE })
      // One refusal, not one per broken check: -1.5 is neither whole nor at least 1.
      .int({ error: LIMIT_RULE, abort: true })
      .min(1, { error: LIMIT_RULE, abort: true })
      .max(PAGE_SIZE_MAX, LIMIT_RULE)
      .default(PAGE_SIZE_DEFAULT)
      .meta({ description: `How many items to answer (1–${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}).` }),
  ),
  cursor: z.preprocess(
    absentWhenEmpty,
    z.string().regex(UUID_PATTERN, CURSOR_RULE).optional().meta({ description: "The `next_cursor` of the previous page; none for the first page." }),
  ),
});

export type Page = z.output<typeof pageSchema>;

/** The first page, for the screens that render a list before any query is sent. */
export const FIRST_PAGE: Page = { limit: PAGE_SIZE_DEFAULT };
