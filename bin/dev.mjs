// npm run dev: Next's development server on the same embedded PostgreSQL that `npm start` runs
// from DATA_DIR/pg (docs/decisions/045-embedded-postgresql.md), or on DATABASE_URL when it is set.
// The database is stopped after the development server.
import { spawn } from "node:child_process";
import path from "node:path";
import { startEmbeddedDatabase } from "./embedded-database.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dataDirectory = path.resolve(root, process.env.DATA_DIR ?? "data");
const database = process.env.DATABASE_URL?.trim() ? undefined : await startEmbeddedDatabase({ dataDirectory });
const next = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "dev", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDirectory, ...(database ? { DATABASE_URL: database.url, EMBEDDED_DATABASE: "1" } : {}) },
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => next.kill(signal));
database?.onExit(() => {
  console.error("The embedded database stopped unexpectedly: stopping the development server.");
  next.kill("SIGTERM");
});
next.on("exit", async (code) => {
  await database?.stop();
  process.exit(code ?? 0);
});
