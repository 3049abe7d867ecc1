// The baseline for GET /api/memories/shared: plain node:http and pg, no framework, answering the
// same first page with the same JSON shape and the same bearer check against the same database.
// Family Book's throughput is reported as a ratio to this one, measured in the same run.
import { createHash, createHmac } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const [databaseUrl, port, secret] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const sign = (key, expires) => createHmac("sha256", secret).update(["GET", key, expires, ""].join("\n")).digest("base64url");
const url = (key) => {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  return `/api/storage/${key}?expires=${expires}&signature=${sign(key, expires)}`;
};

async function sharedMemories(token) {
  const hash = createHash("sha256").update(token).digest("hex");
  const viewer = await pool.query(
    `SELECT u.id, u.family_id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hash],
  );
  if (viewer.rowCount === 0) return null;
  const { family_id } = viewer.rows[0];
  const memories = (
    await pool.query(
      `SELECT m.id, m.user_id, m.title, m.content, to_char(m.memory_date, 'YYYY-MM-DD') AS memory_date, m.is_shared,
              m.created_at, m.updated_at, u.first_name, u.last_name
         FROM memories m JOIN users u ON u.id = m.user_id
        WHERE m.family_id = $1 AND m.is_shared
        ORDER BY m.memory_date DESC, m.created_at DESC, m.id DESC LIMIT 21`,
      [family_id],
    )
  ).rows;
  const ids = memories.slice(0, 20).map((memory) => memory.id);
  const [photos, tags] = await Promise.all([
    pool.query(`SELECT id, memory_id, order_number, display_key, thumbnail_key FROM memory_photos WHERE memory_id = ANY($1) ORDER BY order_number`, [ids]),
    pool.query(
      `SELECT t.id, t.memory_id, t.tagged_user_id, u.first_name, u.last_name FROM memory_tags t JOIN users u ON u.id = t.tagged_user_id
        WHERE t.memory_id = ANY($1) ORDER BY t.created_at`,
      [ids],
    ),
  ]);
  return {
    memories: memories.slice(0, 20).map((memory) => ({
      id: memory.id,
      user_id: memory.user_id,
      title: memory.title,
      content: memory.content,
      memory_date: memory.memory_date,
      is_shared: memory.is_shared,
      created_at: memory.created_at.toISOString(),
      updated_at: memory.updated_at.toISOString(),
      profiles: { first_name: memory.first_name, last_name: memory.last_name },
      memory_photos: photos.rows
        .filter((photo) => photo.memory_id === memory.id)
        .map((photo) => ({ id: photo.id, photo_url: url(photo.display_key), thumbnail_url: url(photo.thumbnail_key), order_number: photo.order_number })),
      memory_tags: tags.rows
        .filter((tag) => tag.memory_id === memory.id)
        .map((tag) => ({ id: tag.id, tagged_user_id: tag.tagged_user_id, profiles: { first_name: tag.first_name, last_name: tag.last_name } })),
    })),
    next_cursor: memories.length > 20 ? memories[19].id : null,
  };
}

createServer(async (request, response) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  const data = token ? await sharedMemories(token).catch(() => undefined) : null;
  const [status, body] =
    data === undefined
      ? [500, { success: false, data: null, error: "error" }]
      : data === null
        ? [401, { success: false, data: null, error: "Please sign in to continue." }]
        : [200, { success: true, data, error: null }];
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
