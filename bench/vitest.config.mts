import path from "node:path";
import { defineConfig } from "vitest/config";

// Runs the in-process measurements of `npm run bench` (TypeScript modules of the app, timed).
const root = path.join(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@": path.join(root, "src"),
      "server-only": path.join(root, "tests", "setup", "server-only.ts"),
    },
  },
  test: { include: ["bench/**/*.measure.ts"], environment: "node" },
});
