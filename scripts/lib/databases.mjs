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
