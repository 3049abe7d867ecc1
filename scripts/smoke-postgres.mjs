// Starts the built app (building it first when it is out of date) against a throwaway database
// on a real PostgreSQL server, checks that it serves pages and has migrated and seeded the
// question library, starts it a second time on the same database (nothing applied twice), then
// drops the database.
// Usage: node scripts/smoke-postgres.mjs postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { startApp } from "./lib/app-server.mjs";
import { createThrowawayDatabase, withClient } from "./lib/databases.mjs";

const serverUrl = process.argv[2] ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Usage: node scripts/smoke-postgres.mjs <postgres server url>");
  process.exit(2);
}

/** Starts the app on the database, asks for the landing page, and stops it. */
async function startAndServeLandingPage(database, dataDirectory) {
  const app = await startApp({
    label: "app on PostgreSQL",
    env: { DATABASE_URL: database.url, DATA_DIR: dataDirectory, AUTH_SECRET: randomBytes(32).toString("hex") },
    onLog: (line) => console.log(line),
  });
  try {
    const response = await fetch(`${app.url}/`);
    const page = await response.text();
    if (response.status !== 200 || !page.includes("Preserve Your Family")) throw new Error(`The landing page answered ${response.status} without its heading`);
  } finally {
    await app.stop();
  }
}

async function checkMigratedAndSeeded(database) {
  await withClient(database.url, async (client) => {
    const migrations = await client.query(`SELECT count(*)::int AS count FROM "_prisma_migrations"`);
    const library = await client.query(`SELECT count(*)::int AS count FROM questionnaires WHERE audience = 'GLOBAL'`);
    console.log(`PostgreSQL smoke test: ${migrations.rows[0].count} migrations recorded, ${library.rows[0].count} library questionnaires.`);
    if (library.rows[0].count < 6) throw new Error("The question library was not seeded");
  });
}

if (!buildIsCurrent()) build();
const database = await createThrowawayDatabase(serverUrl, "smoke");
const dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-smoke-"));
let failed = false;
try {
  await startAndServeLandingPage(database, dataDirectory);
  await startAndServeLandingPage(database, dataDirectory);
  await checkMigratedAndSeeded(database);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.drop();
  rmSync(dataDirectory, { recursive: true, force: true });
}
console.log(failed ? "PostgreSQL smoke test: FAILED" : "PostgreSQL smoke test: passed");
process.exit(failed ? 1 : 0);
