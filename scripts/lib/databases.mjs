// PostgreSQL for the tests and scripts: one connection for a few statements, and throwaway
// databases created on a server for one run and dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Connects to `url`, hands the client to `run`, and always disconnects; resolves to what `run` returns. */
export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database `family_book_<purpose>_<time>_<random>` on the PostgreSQL server that
 * `serverUrl` points at: empty, or a copy of the database named `template` (which nobody may be
 * connected to). Resolves to { name, url, drop() }: `url` is `serverUrl` with the new database in
 * its path, and `drop()` removes it even while something is still connected to it.
 * @param {string} serverUrl
 * @param {string} purpose
 * @param {{ template?: string }} [options]
 */
export async function createThrowawayDatabase(serverUrl, purpose, { template } = {}) {
  const name = `family_book_${purpose}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  if (template !== undefined && !/^family_book_\w+$/.test(template)) throw new Error(`Not a throwaway database: ${template}`);
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Copies the rows of every table in the public schema of `sourceUrl` (the migrations' own record
 * aside) into the same tables of `target`, which has the same migrations applied, and sets its
 * sequences where the source's stand. Rows travel as JSON, one table at a time, with foreign keys
 * unchecked while copying; generated columns are computed again by the target. With `replace`,
 * the target's rows are removed first (the question library an app's start-up wrote, say).
 * `target` is anything with `query(sql, params)` and `exec(sql)`: a `pg` client, or PGlite.
 * @param {string} sourceUrl
 * @param {{ query(sql: string, params?: unknown[]): Promise<unknown>, exec(sql: string): Promise<unknown> }} target
 * @param {{ replace?: boolean }} [options]
 */
export async function copyTables(sourceUrl, target, { replace = false } = {}) {
  const quoted = (/** @type {string} */ name) => `"${name.replaceAll('"', '""')}"`;
  await withClient(sourceUrl, async (source) => {
    const { rows: tables } = await source.query(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
    );
    await target.exec("SET session_replication_role = replica");
    if (replace && tables.length > 0) await target.exec(`TRUNCATE ${tables.map(({ name }) => quoted(name)).join(", ")}`);
    for (const { name } of tables) {
      const { rows: columns } = await source.query(
        `SELECT column_name AS column FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [name],
      );
      const list = columns.map(({ column }) => quoted(column)).join(", ");
      const { rows } = await source.query(`SELECT coalesce(json_agg(t), '[]')::text AS json FROM ${quoted(name)} t`);
      await target.query(`INSERT INTO ${quoted(name)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quoted(name)}, $1::json)`, [rows[0].json]);
    }
    const { rows: sequences } = await source.query(`SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`);
    for (const { name, last_value } of sequences) {
      if (last_value !== null) await target.query(`SELECT setval($1, $2)`, [quoted(name), last_value]);
    }
    await target.exec("SET session_replication_role = DEFAULT");
  });
}
