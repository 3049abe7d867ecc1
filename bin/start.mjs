// npm start: builds Family Book when the build is missing or older than the sources, then serves
// the production (standalone) server on PORT (default 3000). Data stays in ./data unless DATA_DIR
// says otherwise; with no DATABASE_URL it runs the embedded PostgreSQL there
// (bin/embedded-database.mjs), so no .env is needed.
// npm run worker (--worker): the same build as a process that serves nothing and runs background
// jobs only (docs/decisions/012-jobs.md).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { describeEnd, startEmbeddedDatabase } from "./embedded-database.mjs";
import { hasPgliteDatabase } from "./pglite-upgrade.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const standalone = path.join(root, ".next", "standalone");
const nextServerFile = path.join(standalone, "server.js");
/** What `npm start` runs: Next's server.js behind our entry, which records each connection's address. */
export const serverFile = path.join(standalone, "family-book-server.mjs");
const sources = ["src", "prisma", "public", "next.config.ts", "package.json", "package-lock.json", "postcss.config.mjs", "bin/family-book-server.mjs"];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "generated") continue;
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

export function buildIsCurrent() {
  if (!existsSync(serverFile) || !existsSync(nextServerFile)) return false;
  const built = statSync(nextServerFile).mtimeMs;
  return sources.every((source) => newestModification(path.join(root, source)) <= built);
}

export function build() {
  console.log("Building Family Book (this takes a minute the first time)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
    // A production build whoever asks for it (Vitest sets NODE_ENV=test, which would change the config).
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The standalone server serves static assets only from inside its own folder.
  rmSync(path.join(standalone, ".next", "static"), { recursive: true, force: true });
  cpSync(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"), { recursive: true });
  if (existsSync(path.join(root, "public"))) {
    cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
  }
  cpSync(path.join(root, "bin", "family-book-server.mjs"), serverFile);
}

/**
 * Set before the server starts, because the C library reads them only then. glibc gives each thread
 * that allocates its own malloc arena, and sharp's threads (photos, the PDF book) fragment them:
 * making a 200-photo book took the server from 210 MB to 564 MB resident; with two arenas it
 * peaks at 380 MB, at no measurable cost in throughput. A fixed mmap threshold of 128 kB: glibc
 * otherwise raises it to the size of the largest block freed (up to 32 MB), after which a decoded
 * photo's buffers come from the arenas and stay there as holes; mapped, each is given back to the
 * system the moment it is freed (docs/decisions/033-server-memory.md). Explicit settings win.
 */
export const serverEnvironmentDefaults = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/**
 * With no DATABASE_URL: the data folder's embedded PostgreSQL, started (or joined, when another
 * start script on the same folder runs it) before the server and stopped after it. An earlier
 * version's PGlite folder is moved into it on the first start.
 */
async function embeddedDatabase(dataDirectory) {
  const database = await startEmbeddedDatabase({ dataDirectory });
  if (!database.shared && hasPgliteDatabase(dataDirectory)) {
    const upgrade = spawnSync(process.execPath, [path.join(root, "bin", "pglite-upgrade.mjs"), dataDirectory], {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: database.url },
    });
    if (upgrade.status !== 0) {
      await database.stop();
      process.exit(1);
    }
  }
  return database;
}

// A database that stops on its own is started again at most this often before the app is stopped
// too: never a server that answers without its database.
const RESTARTS_PER_MINUTE = 3;

export async function serve(extraEnvironment = {}, { worker = false } = {}) {
  const dataDirectory = path.resolve(root, process.env.DATA_DIR ?? "data");
  const database = process.env.DATABASE_URL?.trim() ? undefined : await embeddedDatabase(dataDirectory);
  const server = spawn(process.execPath, [serverFile, ...(worker ? ["--worker"] : [])], {
    cwd: standalone,
    stdio: "inherit",
    env: {
      NODE_ENV: "production",
      PORT: "3000",
      HOSTNAME: "0.0.0.0",
      NEXT_TELEMETRY_DISABLED: "1",
      ...serverEnvironmentDefaults,
      ...process.env,
      DATA_DIR: dataDirectory,
      ...(database ? { DATABASE_URL: database.url, EMBEDDED_DATABASE: "1" } : {}),
      ...extraEnvironment,
    },
  });
  let exitCode;
  const restarts = [];
  database?.onExit(async (ended) => {
    restarts.push(Date.now());
    const recent = restarts.filter((time) => time > Date.now() - 60_000).length;
    if (recent <= RESTARTS_PER_MINUTE) {
      console.error(`The embedded database stopped unexpectedly (${describeEnd(ended)}); starting it again.`);
      try {
        await database.restart();
        console.error("The embedded database is running again.");
        return;
      } catch (error) {
        console.error(error.message);
      }
    }
    console.error(`The embedded database stopped unexpectedly (${describeEnd(ended)}) and could not be started again: stopping Family Book.`);
    exitCode = 1;
    server.kill("SIGTERM");
  });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => server.kill(signal));
  server.on("exit", async (code, signal) => {
    // The database after the app: its last requests and jobs finish first.
    await database?.stop();
    process.exit(exitCode ?? code ?? (signal ? 0 : 1));
  });
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--rebuild") || !buildIsCurrent()) build();
  await serve({}, { worker: process.argv.includes("--worker") });
}
