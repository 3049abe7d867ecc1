// node bench/book-scale.mjs [--memories 1000]: the printed book for a big family
// (docs/decisions/032-books-at-scale.md). Also run by `npm run bench` (bench/run.mjs).
//
// Seeds, on a throwaway embedded PostgreSQL and file store (an external one when DATABASE_URL is set), a
// family of 1,000 shared memories with 2,000 camera-size photos and a family of 100 memories with
// 200 (bench/book-scale/seed.step.ts), then makes each family's book with the "book.build" job's
// own handler, each in a fresh process that does nothing else, and reports its wall time and that
// process's peak resident memory. Last, the 100-memory book again with its photos' print variants
// taken away: what a book costs for photos the backfill has not reached.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startEmbeddedDatabase } from "../bin/embedded-database.mjs";
import { serverEnvironmentDefaults } from "../bin/start.mjs";
import { createThrowawayDatabase } from "../scripts/lib/databases.mjs";

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export async function runBookScale({ memories = 1000, log = (...parts) => console.log("[book-scale]", ...parts) } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "family-book-book-scale-"));
  const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL, "book_scale") : null;
  const embedded = database ? null : await startEmbeddedDatabase({ dataDirectory: dataDir, log: () => {} });
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    // As `npm start` and `npm run worker` run the server (MALLOC_ARENA_MAX=2, bin/start.mjs).
    ...serverEnvironmentDefaults,
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    AUTH_SECRET: "book-scale-bench-secret-book-scale-bench-secret",
    BOOK_SCALE_MEMORIES: String(memories),
    BOOK_SCALE_SEED: path.join(dataDir, "seed.json"),
    DATABASE_URL: database?.url ?? embedded.url,
    ...(embedded ? { EMBEDDED_DATABASE: "1" } : {}),
  };
  delete env.S3_BUCKET;
  const step = async (name, extra = {}) => {
    const output = path.join(dataDir, `${name}-${Object.values(extra).join("-") || "run"}.json`);
    await run(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "bench/book-scale/vitest.config.mts"], {
      cwd: root,
      env: { ...env, BOOK_SCALE_STEP: name, BOOK_SCALE_OUTPUT: name === "seed" ? env.BOOK_SCALE_SEED : output, ...extra },
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(readFileSync(name === "seed" ? env.BOOK_SCALE_SEED : output, "utf8"));
  };
  try {
    const seed = await step("seed");
    log("seeded", { large: seed.large.memories, small: seed.small.memories, seconds: Math.round(seed.seedSeconds) });
    const large = await step("book", { BOOK_SCALE_FAMILY: "large" });
    log("large book", large);
    const small = await step("book", { BOOK_SCALE_FAMILY: "small" });
    log("100-memory book", small);
    const fallback = await step("book", { BOOK_SCALE_FAMILY: "small", BOOK_SCALE_FALLBACK: "1" });
    log("100-memory book without print variants", fallback);
    return {
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 1024 ** 3), node: process.version },
      backend: database ? "postgresql" : "embedded",
      seed: { seconds: Math.round(seed.seedSeconds), sourcePhoto: seed.sourcePhoto },
      large,
      small,
      fallback,
    };
  } finally {
    await database?.drop();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf("--memories");
  const figures = await runBookScale({ memories: index > 0 ? Number(process.argv[index + 1]) : 1000 });
  console.log(JSON.stringify(figures, null, 2));
}
