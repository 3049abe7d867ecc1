import { Prisma } from "@/generated/prisma/client";

// What a memory or an answer shows as its author once the author deleted their account and left
// it to the family (docs/decisions/024-leaving-and-the-circle.md): the name they chose to keep on
// it, or "A former member". The name is one text, shown as the first name with no last name.

export const FORMER_MEMBER = "A former member";

type Name = { first_name: string; last_name: string };

/** The author's name: the account's while it exists, else the kept one, else "A former member". */
export function authorProfile(user: Name | null, keptName: string | null): Name {
  return user ? { first_name: user.first_name, last_name: user.last_name } : { first_name: keptName ?? FORMER_MEMBER, last_name: "" };
}

/** The same in SQL, on an author joined as `author` (LEFT JOIN) and the item's `author_name` column. */
export function authorProfileSql(keptNameColumn: string) {
  return Prisma.raw(
    `json_build_object('first_name', COALESCE(author.first_name, ${keptNameColumn}, '${FORMER_MEMBER}'), 'last_name', COALESCE(author.last_name, ''))`,
  );
}

/** A tag's name: the tagged member's, or the plain text it became when they left the family. */
export function tagProfile(user: Name | null, taggedName: string | null): Name {
  return user ? { first_name: user.first_name, last_name: user.last_name } : { first_name: taggedName ?? "", last_name: "" };
}
