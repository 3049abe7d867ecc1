import path from "node:path";
import { defineConfig } from "vitest/config";

// The steps of bench/book-scale.mjs, each in its own process (BOOK_SCALE_STEP names the file), so
// the book's step measures the peak memory of a process that only makes the book.
const root = path.join(import.meta.dirname, "..", "..");

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@": path.join(root, "src"),
      "server-only": path.join(root, "tests", "setup", "server-only.ts"),
    },
  },
  test: {
    include: [`bench/book-scale/${process.env.BOOK_SCALE_STEP ?? "none"}.step.ts`],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    // BOOK_SCALE_CPU_PROF=<folder>: a CPU profile of the step's process (node --cpu-prof).
    execArgv: process.env.BOOK_SCALE_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BOOK_SCALE_CPU_PROF}`] : [],
  },
});
