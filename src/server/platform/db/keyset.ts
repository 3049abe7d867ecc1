import "server-only";
import { Prisma } from "@/generated/prisma/client";

// Keyset paging, one rule for every list (docs/api.md, "Lists"). A list is ordered by a key read
// in descending order on every column, its last column the row's id, so the order is total; the
// page after `cursor` (the id of the previous page's last row) holds the rows whose key comes after
// the cursor row's key. A cursor that is not in the list — its row deleted since the page before,
// or never in it (someone else's) — has nothing after it: an empty last page, never the list again
// from its top, and nothing that tells whether the row exists elsewhere.

type Keyset = {
  cursor: string | undefined;
  /** The key's columns in the list's statement, e.g. ["m.memory_date", "m.created_at", "m.id"]. */
  key: readonly string[];
  /** Where the cursor's row is looked up, and under which condition: the list's own scope. */
  from: Prisma.Sql;
  where: Prisma.Sql;
  /** The same key as the lookup names it, when its columns are named otherwise (default: `key`). */
  cursorKey?: readonly string[];
};

const columns = (names: readonly string[]) => Prisma.raw(names.join(", "));

/**
 * The condition "after the cursor" for a hand-written list, or null without a cursor. When the
 * lookup finds no row the comparison is with NULL, which holds for no row: the empty last page.
 */
export function afterCursorSql({ cursor, key, from, where, cursorKey = key }: Keyset): Prisma.Sql | null {
  if (!cursor) return null;
  const id = cursorKey.at(-1)!;
  return Prisma.sql`(${columns(key)}) < (SELECT ${columns(cursorKey)} FROM ${from} WHERE ${Prisma.raw(id)} = ${cursor}::uuid AND ${where})`;
}

/**
 * The same rule for a list read through Prisma, ordered by `created_at` then `id`, both
 * descending: the cursor's row as the list's own `where` finds it, or null when it is not in the
 * list (the caller answers the empty last page).
 */
export function afterCreatedRow(row: { created_at: Date; id: string }) {
  return { OR: [{ created_at: { lt: row.created_at } }, { created_at: row.created_at, id: { lt: row.id } }] };
}

/** A page of `limit` rows out of the `limit + 1` read, and the cursor of the next page (null on the last). */
export function pageOf<Row extends { id: string }>(rows: Row[], limit: number) {
  const items = rows.slice(0, limit);
  return { items, next_cursor: rows.length > limit ? items.at(-1)!.id : null };
}
