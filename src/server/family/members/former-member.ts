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

/**
 * The same in SQL, as two values: on a user joined as `alias` (LEFT JOIN) and the kept names to try
 * in turn (an item's `author_name` columns).
 */
export function authorNameSql(alias: string, ...keptNameColumns: string[]) {
  return {
    first_name: Prisma.raw(`COALESCE(${[`${alias}.first_name`, ...keptNameColumns].join(", ")}, '${FORMER_MEMBER}')`),
    last_name: Prisma.raw(`COALESCE(${alias}.last_name, '')`),
  };
}

/** The same as one JSON profile, on an author joined as `author` and the item's `author_name` column. */
export function authorProfileSql(keptNameColumn: string) {
  const name = authorNameSql("author", keptNameColumn);
  return Prisma.sql`json_build_object('first_name', ${name.first_name}, 'last_name', ${name.last_name})`;
}

/** A tag's name: the tagged member's, or the plain text it became when they left the family. */
export function tagProfile(user: Name | null, taggedName: string | null): Name {
  return user ? { first_name: user.first_name, last_name: user.last_name } : { first_name: taggedName ?? "", last_name: "" };
}
