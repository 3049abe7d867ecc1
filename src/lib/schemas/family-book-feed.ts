import { z } from "zod";
import { UUID_PATTERN } from "./auth";
import { pageSchema } from "./paging";

/** The Family Book's member filter: a relative's id, or undefined for the whole family. */
export function memberFilter(value: string | null | undefined) {
  return value && UUID_PATTERN.test(value) ? value : undefined;
}

/** ?limit=&cursor=&member= on the Family Book's feeds: a page, of one relative's items or the whole family's. */
export const familyBookFeedSchema = pageSchema.extend({
  member: z
    .string()
    .optional()
    .transform(memberFilter)
    .meta({ description: "A relative's id: only their items. Anything else (or nothing) shows the whole family's." }),
});
