// npm run db:backup [-- FILE] and npm run db:restore -- FILE: a backup of the embedded PostgreSQL
// in DATA_DIR/pg, taken while Family Book runs, and its restoring (docs/decisions/045-embedded-postgresql.md).
//
// The package ships no pg_dump, so the backup is PostgreSQL's own base backup, taken through its
// low-level API: a temporary replication slot keeps every WAL segment from the backup's start,
// pg_backup_start() marks the start (a fast checkpoint), the cluster's files are copied with tar,
// pg_backup_stop() returns the backup_label, and the WAL written meanwhile is added last. Restored,
// PostgreSQL replays that WAL and starts at the moment the backup ended. The archive (a gzipped
// tar) also holds pg.password, the superuser's password the cluster expects.
//
// Restoring replaces DATA_DIR/pg, which is kept beside it (pg-before-restore-<time>) until the
// person removes it, and needs Family Book stopped. Photos are files in DATA_DIR (or in S3):
// copy them along with the archive. Moving to an external PostgreSQL is done with pg_dump of
// PostgreSQL 18 (any client package) against the address in DATA_DIR/pg.lock while the app runs.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { databaseUser, embeddedDatabasePaths, processIsRunning, startEmbeddedDatabase } from "./embedded-database.mjs";

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ input?: NodeJS.ReadableStream, acceptCodes?: (number | null)[] }} [options]
 */
function run(command, args, { input, acceptCodes = [0] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.stdout.resume();
    if (input) pipeline(input, child.stdin).catch(reject);
    child.on("error", reject);
    child.on("exit", (code) =>
      acceptCodes.includes(code) ? resolve() : reject(new Error(`${command} ${args[0]} failed (exit code ${code}): ${errors.trim()}`)),
    );
  });
}

/** What PostgreSQL makes again at start, or must not find in a copy (its own pid file). */
const NOT_COPIED = [
  "postmaster.pid",
  "postmaster.opts",
  "pg_wal/*",
  "pg_replslot/*",
  "pg_stat_tmp/*",
  "pg_dynshmem/*",
  "pg_notify/*",
  "pg_serial/*",
  "pg_snapshots/*",
  "pg_subtrans/*",
];

/** Writes a backup of DATA_DIR's embedded PostgreSQL to `file` (a .tar.gz); resolves to its path. */
export async function backupEmbeddedDatabase({ dataDirectory, file, log = console.log }) {
  const paths = embeddedDatabasePaths(dataDirectory);
  if (!existsSync(path.join(paths.cluster, "PG_VERSION"))) throw new Error(`There is no embedded database in ${paths.cluster} to back up.`);
  const database = await startEmbeddedDatabase({ dataDirectory, log: () => {} });
  const work = mkdtempSync(path.join(path.dirname(path.resolve(file)), ".family-book-backup-"));
  const tar = path.join(work, "backup.tar");
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    // Reserves the WAL from here on until this session ends, whatever checkpoints come meanwhile.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [`family_book_backup_${process.pid}`]);
    await client.query("SELECT pg_backup_start($1, true)", [`Family Book backup ${new Date().toISOString()}`]);
    // Files change while they are read (exit code 1 says so); the WAL replayed at restore mends them.
    await run(
      "tar",
      ["-cf", tar, "-C", dataDirectory, "--warning=no-file-changed", ...NOT_COPIED.map((entry) => `--exclude=pg/${entry}`), "pg", "pg.password"],
      {
        acceptCodes: [0, 1],
      },
    );
    const { rows } = await client.query("SELECT labelfile FROM pg_backup_stop(false)");
    mkdirSync(path.join(work, "pg"));
    writeFileSync(path.join(work, "pg", "backup_label"), rows[0].labelfile);
    await run("tar", ["-rf", tar, "-C", work, "pg/backup_label"]);
    // pg_backup_stop() switched to a new WAL segment: the ones the restore needs are complete, and
    // only the new one may change while it is read.
    await run(
      "tar",
      ["-rf", tar, "-C", dataDirectory, "--warning=no-file-changed", "--exclude=pg/pg_wal/archive_status/*", "--exclude=pg/pg_wal/xlogtemp.*", "pg/pg_wal"],
      { acceptCodes: [0, 1] },
    );
    await pipeline(createReadStream(tar), createGzip(), createWriteStream(file));
    log(`Backed up the embedded database (${paths.cluster}) to ${file}. Keep the photos in ${dataDirectory} (or your S3 bucket) with it.`);
    return file;
  } finally {
    await client.end().catch(() => {});
    await database.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Replaces DATA_DIR's embedded PostgreSQL with the backup in `file`; the one it replaces is kept. */
export async function restoreEmbeddedDatabase({ dataDirectory, file, log = console.log }) {
  const paths = embeddedDatabasePaths(dataDirectory);
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  const owner = existsSync(paths.lock) ? JSON.parse(readFileSync(paths.lock, "utf8")).pid : undefined;
  if (Number.isInteger(owner) && processIsRunning(owner)) {
    throw new Error(`Family Book (process ${owner}) is running on ${dataDirectory}: stop it before restoring, then start it again.`);
  }
  mkdirSync(dataDirectory, { recursive: true });
  const unpacked = mkdtempSync(path.join(dataDirectory, ".restoring-"));
  try {
    await run("tar", ["-xf", "-", "-C", unpacked], { input: createReadStream(file).pipe(createGunzip()) });
    if (!existsSync(path.join(unpacked, "pg", "PG_VERSION")) || !existsSync(path.join(unpacked, "pg", "backup_label"))) {
      throw new Error(`${file} is not a backup made by npm run db:backup.`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const kept = path.join(dataDirectory, `pg-before-restore-${stamp}`);
    if (existsSync(paths.cluster)) renameSync(paths.cluster, kept);
    if (existsSync(paths.password)) renameSync(paths.password, `${kept}.password`);
    renameSync(path.join(unpacked, "pg"), paths.cluster);
    renameSync(path.join(unpacked, "pg.password"), paths.password);
    mkdirSync(path.join(paths.cluster, "pg_wal", "archive_status"), { recursive: true });
    // Every file belongs to the user PostgreSQL runs as here, whoever owned them where the backup was made.
    const user = databaseUser();
    if (user.uid !== undefined) await run("chown", ["-R", `${user.uid}:${user.gid}`, paths.cluster]);
    // Replays the backup's WAL; the database is ready once it accepts connections.
    const database = await startEmbeddedDatabase({ dataDirectory, log: () => {} });
    await database.stop();
    log(
      `Restored the embedded database from ${file}.` + (existsSync(kept) ? ` The one it replaced is kept at ${kept}; remove it once you are satisfied.` : ""),
    );
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, file] = process.argv.slice(2);
  const dataDirectory = path.resolve(process.env.DATA_DIR?.trim() || "data");
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const action =
    command === "backup"
      ? backupEmbeddedDatabase({ dataDirectory, file: path.resolve(file ?? `family-book-backup-${stamp}.tar.gz`) })
      : command === "restore" && file
        ? restoreEmbeddedDatabase({ dataDirectory, file: path.resolve(file) })
        : Promise.reject(new Error("Usage: npm run db:backup [-- FILE]  or  npm run db:restore -- FILE"));
  action.then(
    () => process.exit(0),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
