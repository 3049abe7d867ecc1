import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { authorProfileSql } from "@/server/family/members/former-member";
import { queryRows } from "@/server/platform/db/client";
import { afterCursorSql } from "@/server/platform/db/keyset";
import { getStorage } from "@/server/platform/storage";
import { RECORDING_JSON_SQL } from "@/server/recordings/recording-dto";
import { memoryRecordSchema, toMemoryDtos, type MemoryRecord } from "./memory-dto";

/**
 * A timestamp column as milliseconds since 1970, turned into the ISO 8601 form of
 * Date.toISOString() here: formatting it in PostgreSQL (to_char) cost more than the rest of the
 * statement on every page of every feed (docs/perf.md, "API throughput").
 */
const epochMilliseconds = (column: "m.created_at" | "m.updated_at") => Prisma.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

/** A row as the statement writes it: a memory record, its two timestamps as milliseconds. */
const memoryRowSchema = memoryRecordSchema.extend({ created_at: z.number(), updated_at: z.number() });
type MemoryRow = z.output<typeof memoryRowSchema>;

const toRecord = (row: MemoryRow): MemoryRecord => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/**
 * The one statement every read of memories goes through, whether a page of a list or a single
 * memory: the memories in `scope` (a WHERE clause from memory-visibility.ts, on `memories m`),
 * newest memory_date first, with their author (or the name a departed author left on it), and their photos, tags and recording gathered as JSON beside
 * them. Hand-written because every screen and feed reads it (docs/decisions/006-hot-reads-in-sql.md).
 * Reads one more than `limit` to tell whether more follow; only `limit` are signed and returned.
 */
export async function readMemories({ scope, cursor, limit }: { scope: Prisma.Sql; cursor?: string; limit: number }) {
  // Newest first, after the cursor's memory by the one paging rule (platform/db/keyset.ts): one row
  // comparison, so that every page is a seek in the index, however deep.
  const after = afterCursorSql({ cursor, key: ["m.memory_date", "m.created_at", "m.id"], from: Prisma.sql`memories m`, where: scope });
  const afterCursor = after ? Prisma.sql`AND ${after}` : Prisma.empty;
  const rows = await queryRows(
    Prisma.sql`
    SELECT m.id, m.user_id, m.title, m.content, to_char(m.memory_date, 'YYYY-MM-DD') AS memory_date, m.is_shared,
           ${epochMilliseconds("m.created_at")} AS created_at, ${epochMilliseconds("m.updated_at")} AS updated_at,
           ${authorProfileSql("m.author_name")} AS profiles,
           COALESCE((SELECT json_agg(json_build_object('id', p.id, 'order_number', p.order_number,
                                                       'display_key', p.display_key, 'thumbnail_key', p.thumbnail_key)
                                     ORDER BY p.order_number, p.created_at)
                       FROM memory_photos p WHERE p.memory_id = m.id), '[]') AS memory_photos,
           COALESCE((SELECT json_agg(json_build_object('id', t.id, 'tagged_user_id', t.tagged_user_id,
                                                       'profiles', COALESCE((SELECT json_build_object('first_name', tagged.first_name, 'last_name', tagged.last_name)
                                                                               FROM users tagged WHERE tagged.id = t.tagged_user_id),
                                                                            json_build_object('first_name', COALESCE(t.tagged_name, ''), 'last_name', '')))
                                     ORDER BY t.created_at, t.id)
                       FROM memory_tags t WHERE t.memory_id = m.id), '[]') AS memory_tags,
           (SELECT ${Prisma.raw(RECORDING_JSON_SQL)} FROM recordings rec WHERE rec.memory_id = m.id) AS recording
      FROM memories m LEFT JOIN users author ON author.id = m.user_id
     WHERE ${scope} ${afterCursor}
     ORDER BY m.memory_date DESC, m.created_at DESC, m.id DESC
     LIMIT ${limit + 1}`,
    memoryRowSchema,
  );
  return { memories: await toMemoryDtos(rows.slice(0, limit).map(toRecord), getStorage()), more: rows.length > limit };
}
