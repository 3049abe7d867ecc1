// Starts the built app against a throwaway database on a real PostgreSQL server, checks that it
// serves pages and has migrated and seeded the question library, starts it a second time on the
// same database (nothing applied twice), then drops the database.
// Usage: node scripts/smoke-postgres.mjs postgres://postgres@127.0.0.1:5432/postgres
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";

const serverUrl = process.argv[2] ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Usage: node scripts/smoke-postgres.mjs <postgres server url>");
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const name = `family_book_smoke_${randomBytes(4).toString("hex")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startAndCheck() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString("hex") },
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.status === 200 && (await response.text()).includes("Preserve Your Family")) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error("The app did not serve the landing page within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
let failed = false;
try {
  await startAndCheck();
  await startAndCheck();
  await withClient(databaseUrl, async (client) => {
    const migrations = await client.query(`SELECT count(*)::int AS count FROM "_prisma_migrations"`);
    const library = await client.query(`SELECT count(*)::int AS count FROM questionnaires WHERE audience = 'GLOBAL'`);
    console.log(`PostgreSQL smoke test: ${migrations.rows[0].count} migrations recorded, ${library.rows[0].count} library questionnaires.`);
    if (library.rows[0].count < 6) throw new Error("The question library was not seeded");
  });
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
console.log(failed ? "PostgreSQL smoke test: FAILED" : "PostgreSQL smoke test: passed");
process.exit(failed ? 1 : 0);
