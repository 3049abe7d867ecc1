// npm run jobs: lists the background jobs that need someone's attention, dead letters first, then
// the latest failed attempts (docs/decisions/012-jobs.md). It reads the database the app is
// configured with (the same DATABASE_URL, or DATA_DIR's embedded PostgreSQL, which it joins while
// the app runs) and changes nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabasePaths, startEmbeddedDatabase } from "./embedded-database.mjs";
import { formatJobProblems, readJobProblems } from "./job-problems.mjs";

const setting = (name) => process.env[name]?.trim() || undefined;

async function onPostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: "family-book jobs report" });
  await client.connect();
  try {
    return await readJobProblems((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}

/**
 * The data folder's embedded PostgreSQL: the one the app runs, joined, or started for the report
 * and stopped after it when the app is not running. A folder never started has nothing to report.
 */
async function onEmbedded(dataDirectory) {
  if (!existsSync(path.join(embeddedDatabasePaths(dataDirectory).cluster, "PG_VERSION"))) return { installed: false, deadLetters: [], failures: [] };
  const database = await startEmbeddedDatabase({ dataDirectory, log: () => {} });
  try {
    return await onPostgres(database.url);
  } finally {
    await database.stop();
  }
}

try {
  const url = setting("DATABASE_URL");
  const dataDirectory = path.resolve(setting("DATA_DIR") ?? "data");
  const report = url ? await onPostgres(url) : await onEmbedded(dataDirectory);
  console.log(formatJobProblems(report));
} catch (error) {
  console.error(error.message ?? error);
  process.exitCode = 1;
}
