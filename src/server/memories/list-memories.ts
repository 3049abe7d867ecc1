import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/server/db/client";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { toMemoryDtos, type MemoryRecord } from "./memory-dto";
import { ownedBySql, sharedWithSql } from "./memory-visibility";
import { readPage, type PageRequest } from "./pagination";

/** The viewer's own memories, newest memory_date first, one page at a time. */
export async function listMemories({ viewer, page = {} }: { viewer: UserDto; page?: PageRequest }) {
  return listPage({ scope: ownedBySql(viewer), page });
}

/**
 * What the viewer's family shared (their own shared memories included), with authors and tags;
 * optionally only one relative's (the Family Book's member filter).
 */
export async function listSharedMemories({ viewer, page = {}, authorId }: { viewer: UserDto; page?: PageRequest; authorId?: string }) {
  const scope = sharedWithSql(viewer);
  return listPage({ scope: authorId ? Prisma.sql`${scope} AND m.user_id = ${authorId}::uuid` : scope, page });
}

/** A timestamp column in the ISO 8601 form of Date.toISOString(), written by PostgreSQL. */
const isoTimestamp = (column: "m.created_at" | "m.updated_at") => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One statement per page, whatever it holds: the memories with their author, and their photos
 * and tags gathered as JSON beside them. Hand-written because every screen and feed reads it
 * (docs/decisions/006-hot-reads-in-sql.md); the scope is always part of the WHERE clause.
 */
async function listPage({ scope, page }: { scope: Prisma.Sql; page: PageRequest }) {
  const { limit, cursor } = readPage(page);
  // Newest first, starting after the cursor's memory. A cursor that is not in this list (someone
  // else's memory, a deleted one) starts from the top: the fallback row sorts after every memory.
  // Written as one row comparison so that every page is a seek in the index, however deep.
  const afterCursor = cursor
    ? Prisma.sql`AND (m.memory_date, m.created_at, m.id) < (
        SELECT memory_date, created_at, id FROM (
          SELECT m.memory_date, m.created_at, m.id, 0 AS fallback FROM memories m WHERE m.id = ${cursor}::uuid AND ${scope}
          UNION ALL SELECT 'infinity'::date, 'infinity'::timestamptz, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid, 1
        ) page_start ORDER BY fallback LIMIT 1)`
    : Prisma.empty;
  const rows = await queryRows<MemoryRecord>(Prisma.sql`
    SELECT m.id, m.user_id, m.title, m.content, to_char(m.memory_date, 'YYYY-MM-DD') AS memory_date, m.is_shared,
           ${isoTimestamp("m.created_at")} AS created_at, ${isoTimestamp("m.updated_at")} AS updated_at,
           json_build_object('first_name', author.first_name, 'last_name', author.last_name) AS author,
           COALESCE((SELECT json_agg(json_build_object('id', p.id, 'order_number', p.order_number,
                                                       'display_key', p.display_key, 'thumbnail_key', p.thumbnail_key)
                                     ORDER BY p.order_number, p.created_at)
                       FROM memory_photos p WHERE p.memory_id = m.id), '[]') AS photos,
           COALESCE((SELECT json_agg(json_build_object('id', t.id, 'tagged_user_id', t.tagged_user_id,
                                                       'first_name', tagged.first_name, 'last_name', tagged.last_name)
                                     ORDER BY t.created_at, t.id)
                       FROM memory_tags t JOIN users tagged ON tagged.id = t.tagged_user_id WHERE t.memory_id = m.id), '[]') AS tags
      FROM memories m JOIN users author ON author.id = m.user_id
     WHERE ${scope} ${afterCursor}
     ORDER BY m.memory_date DESC, m.created_at DESC, m.id DESC
     LIMIT ${limit + 1}`);
  const memories = await toMemoryDtos(rows.slice(0, limit), getStorage());
  return { memories, next_cursor: rows.length > limit ? memories[memories.length - 1]!.id : null };
}
