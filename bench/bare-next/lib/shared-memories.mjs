// GET /api/memories/shared written by hand: the same bearer check against the same sessions, the
// same first page with the same SQL statements (prepared once per connection, as Family Book's
// are) and the same JSON shape as Family Book's, through `pg` alone. The raw baseline (bench/baseline-server.mjs, node:http) and the bare Next.js route
// (app/api/memories/shared) both answer with it, so the two differ from Family Book only in the
// framework around them.
import { createHash, createHmac } from "node:crypto";
import pg from "pg";

const SHARED_MEMORIES = `
    SELECT m.id, m.user_id, m.title, m.content, to_char(m.memory_date, 'YYYY-MM-DD') AS memory_date, m.is_shared,
           (extract(epoch FROM m.created_at) * 1000)::float8 AS created_at, (extract(epoch FROM m.updated_at) * 1000)::float8 AS updated_at,
           json_build_object('first_name', COALESCE(author.first_name, m.author_name, 'A former member'), 'last_name', COALESCE(author.last_name, '')) AS profiles,
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
           (SELECT json_build_object('id', rec.id, 'original_key', rec.original_key, 'content_type', rec.content_type,
  'duration_ms', rec.duration_ms, 'byte_size', rec.byte_size, 'file_name', rec.file_name,
  'transcript', rec.transcript, 'transcript_status', rec.transcript_status, 'transcript_by', rec.transcript_by,
  'printed_code', rec.listen_token IS NOT NULL, 'playable_copy', rec.playable_copy,
  'created_at', to_char(rec.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM recordings rec WHERE rec.memory_id = m.id) AS recording
      FROM memories m LEFT JOIN users author ON author.id = m.user_id
     WHERE m.is_shared AND m.family_id = $1::uuid
     ORDER BY m.memory_date DESC, m.created_at DESC, m.id DESC
     LIMIT $2`;

/** @param {{ databaseUrl: string, secret: string }} options */
export function sharedMemoriesReader({ databaseUrl, secret }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

  /** @param {string} key @param {number} expires */
  const sign = (key, expires) => createHmac("sha256", secret).update(["GET", key, expires, ""].join("\n")).digest("base64url");
  /** @param {string} key */
  const url = (key) => {
    const expires = Math.floor(Date.now() / 1000) + 3600;
    return `/api/storage/${key}?expires=${expires}&signature=${sign(key, expires)}`;
  };

  /**
   * The first page of the viewer's family's shared memories, or null for an unknown session: the
   * session lookup of src/server/accounts/auth/sessions.ts and the statement of
   * src/server/memories/read-memories.ts with the shared-with-the-family scope, as they are sent.
   */
  async function read(/** @type {string} */ token) {
    const hash = createHash("sha256").update(token).digest("hex");
    const viewer = await pool.query({
      name: "bench_session",
      text: `
    SELECT s.id AS session_id, s.expires_at, u.id, u.email, u.first_name, u.last_name, u.family_id
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      values: [hash, new Date()],
    });
    if (viewer.rowCount === 0) return null;
    const { family_id } = viewer.rows[0];
    const rows = (await pool.query({ name: "bench_shared_memories", text: SHARED_MEMORIES, values: [family_id, 21] })).rows;
    const page = rows.slice(0, 20);
    return {
      memories: page.map((memory) => ({
        id: memory.id,
        user_id: memory.user_id,
        title: memory.title,
        content: memory.content,
        memory_date: memory.memory_date,
        is_shared: memory.is_shared,
        created_at: new Date(memory.created_at).toISOString(),
        updated_at: new Date(memory.updated_at).toISOString(),
        profiles: { first_name: memory.profiles.first_name, last_name: memory.profiles.last_name },
        memory_photos: memory.memory_photos.map((photo) => ({
          id: photo.id,
          photo_url: url(photo.display_key),
          thumbnail_url: url(photo.thumbnail_key),
          order_number: photo.order_number,
        })),
        memory_tags: memory.memory_tags.map((tag) => ({
          id: tag.id,
          tagged_user_id: tag.tagged_user_id,
          profiles: { first_name: tag.profiles.first_name, last_name: tag.profiles.last_name },
        })),
        // The benchmark's family has no voice recordings; one would be signed as the photos are.
        recording: memory.recording && { ...memory.recording, url: url(memory.recording.original_key) },
      })),
      next_cursor: rows.length > 20 ? page.at(-1).id : null,
    };
  }

  /**
   * The answer to a request with this Authorization header: [status, body], as Family Book's
   * envelope (401 without a valid session, 500 when the database fails).
   * @param {string | null | undefined} authorization
   * @returns {Promise<[number, { success: boolean, data: unknown, error: string | null }]>}
   */
  async function answer(authorization) {
    const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    const data = token ? await read(token).catch(() => undefined) : null;
    if (data === undefined) return [500, { success: false, data: null, error: "error" }];
    if (data === null) return [401, { success: false, data: null, error: "Please sign in to continue." }];
    return [200, { success: true, data, error: null }];
  }

  return { answer, end: () => pool.end() };
}
