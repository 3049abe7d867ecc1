// npm run jobs: lists the background jobs that need someone's attention, dead letters first, then
// the latest failed attempts (docs/decisions/012-jobs.md). It reads the database the app is
// configured with (the same DATABASE_URL, DATA_DIR and PGLITE_DIR) and changes nothing.
// On PostgreSQL it runs beside the app. The embedded database can be opened by one process only:
// while the app runs on it, this says so and asks for the app to be stopped first.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { formatJobProblems, readJobProblems } from "./job-problems.mjs";

const setting = (name) => process.env[name]?.trim() || undefined;

function processIsRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

async function onPostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: "family-book jobs report" });
  await client.connect();
  try {
    return await readJobProblems((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}

async function onEmbedded(directory) {
  if (directory.startsWith("memory://")) return { installed: false, deadLetters: [], failures: [] };
  if (!existsSync(directory)) return { installed: false, deadLetters: [], failures: [] };
  // The app's own lock (src/server/platform/db/embedded-lock.ts): a folder written by two processes is corrupted.
  const lockPath = `${directory}.lock`;
  const owner = existsSync(lockPath) ? Number.parseInt(readFileSync(lockPath, "utf8"), 10) : NaN;
  if (Number.isInteger(owner) && processIsRunning(owner)) {
    throw new Error(
      `The embedded database at ${directory} is in use by Family Book (pid ${owner}), and only one process may open it. ` +
        "Stop the app, run npm run jobs, then start it again (failures are also in the app's log, each with its job id).",
    );
  }
  writeFileSync(lockPath, String(process.pid));
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create(directory, { extensions: { unaccent, pg_trgm } });
  try {
    return await readJobProblems((text, values) => pglite.query(text, values));
  } finally {
    await pglite.close();
    unlinkSync(lockPath);
  }
}

try {
  const url = setting("DATABASE_URL");
  const dataDirectory = path.resolve(setting("DATA_DIR") ?? "data");
  const report = url ? await onPostgres(url) : await onEmbedded(setting("PGLITE_DIR") ?? path.join(dataDirectory, "db"));
  console.log(formatJobProblems(report));
} catch (error) {
  console.error(error.message ?? error);
  process.exitCode = 1;
}
