// Moving a data folder from the earlier embedded database (PGlite, PostgreSQL compiled to
// WebAssembly, in DATA_DIR/db) into the embedded PostgreSQL, once, on the first start after the
// upgrade (docs/decisions/045-embedded-postgresql.md). PGlite's own pg_dump writes everything —
// the schema as its migrations left it, every row, the job queue's tables, the sequences — and
// the new database runs that script in one transaction; then every table's rows are counted on
// both sides. The old folder is renamed, never deleted: it stays as a backup until the person
// removes it. If anything fails, the new database is emptied again and the old folder is
// untouched, so the next start tries again.
import { existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { processIsRunning } from "./embedded-database.mjs";

/** Where an earlier version kept its embedded database, and where the upgrade leaves it. */
export function pgliteFolders(dataDirectory) {
  const folder = path.join(dataDirectory, "db");
  return { folder, lock: `${folder}.lock`, backup: path.join(dataDirectory, "db-pglite-backup") };
}

/** True when the data folder holds a PGlite database not yet moved. */
export function hasPgliteDatabase(dataDirectory) {
  return existsSync(path.join(pgliteFolders(dataDirectory).folder, "PG_VERSION"));
}

async function isEmpty(client) {
  const { rows } = await client.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
  return rows[0].tables === 0;
}

async function tableCounts(query) {
  const { rows: tables } = await query(
    `SELECT schemaname, tablename FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY schemaname, tablename`,
  );
  const counts = new Map();
  for (const { schemaname, tablename } of tables) {
    const name = `"${schemaname.replaceAll('"', '""')}"."${tablename.replaceAll('"', '""')}"`;
    const { rows } = await query(`SELECT count(*)::int AS n FROM ${name}`);
    counts.set(`${schemaname}.${tablename}`, rows[0].n);
  }
  return counts;
}

/**
 * Moves the PGlite database of `dataDirectory` into the (empty) database at `url`. Returns the
 * number of rows moved, or undefined when there was nothing to move.
 */
export async function upgradeFromPglite({ dataDirectory, url, log = console.log }) {
  if (!hasPgliteDatabase(dataDirectory)) return undefined;
  const folders = pgliteFolders(dataDirectory);
  if (existsSync(folders.backup)) {
    throw new Error(`Both ${folders.folder} and ${folders.backup} exist: move one of them away, then start again.`);
  }
  const owner = existsSync(folders.lock) ? Number.parseInt(readFileSync(folders.lock, "utf8"), 10) : NaN;
  if (Number.isInteger(owner) && owner !== process.pid && processIsRunning(owner)) {
    throw new Error(`The earlier database at ${folders.folder} is in use by process ${owner}: stop the older Family Book first.`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!(await isEmpty(client))) {
      throw new Error(
        `${folders.folder} holds an earlier database, but the embedded PostgreSQL already has data. ` +
          `Move ${folders.folder} away to keep the PostgreSQL data, or remove ${path.join(dataDirectory, "pg")} to move the earlier database in again.`,
      );
    }
    log(`Moving your data from the earlier embedded database (${folders.folder}) into PostgreSQL...`);
    const [{ PGlite }, { pgDump }, { unaccent }, { pg_trgm }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite-tools/pg_dump"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
    ]);
    const pglite = await PGlite.create(folders.folder, { extensions: { unaccent, pg_trgm } });
    let script;
    let expected;
    try {
      // Plain INSERTs rather than COPY blocks, which only psql can feed; ownership and grants
      // belong to the old database's single user.
      const dump = await pgDump({ pg: pglite, args: ["--inserts", "--rows-per-insert=200", "--no-owner", "--no-privileges"] });
      script = await dump.text();
      expected = await tableCounts((sql) => pglite.query(sql));
    } finally {
      await pglite.close();
    }
    // psql's meta-commands (\restrict and the like) are not SQL; pg_dump 18's transaction_timeout
    // is unknown to PostgreSQL 17 and older, should the data go to an older external server.
    const sql = script
      .split("\n")
      .filter((line) => !line.startsWith("\\") && line !== "SET transaction_timeout = 0;")
      .join("\n");
    try {
      await client.query(`BEGIN;\n${sql}\nCOMMIT;`);
      const arrived = await tableCounts((text) => client.query(text));
      const missing = [...expected].filter(([table, count]) => arrived.get(table) !== count);
      if (missing.length > 0) {
        throw new Error(`rows did not all arrive: ${missing.map(([table, count]) => `${table} ${arrived.get(table) ?? "missing"} of ${count}`).join(", ")}`);
      }
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      await emptyDatabase(client);
      throw new Error(`Your earlier database could not be moved, and is untouched at ${folders.folder}: ${error.message}`, { cause: error });
    }
    renameSync(folders.folder, folders.backup);
    const rows = [...expected.values()].reduce((sum, count) => sum + count, 0);
    log(
      `Moved ${rows} rows in ${expected.size} tables, every one counted on both sides. ` +
        `The earlier database is kept as a backup at ${folders.backup}; remove it once you are satisfied.`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function emptyDatabase(client) {
  const { rows } = await client.query(
    `SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg\\_%'`,
  );
  for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname.replaceAll('"', '""')}" CASCADE`);
  await client.query("CREATE SCHEMA public");
}

// Run by the start script in a process of its own, so that PGlite's WebAssembly memory leaves
// with it: node bin/pglite-upgrade.mjs DATA_DIR (the database's address in DATABASE_URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  upgradeFromPglite({ dataDirectory: process.argv[2], url: process.env.DATABASE_URL }).then(
    () => process.exit(0),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
