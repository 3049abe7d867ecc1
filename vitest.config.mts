import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.join(import.meta.dirname, "src"),
      // Next enforces this boundary at build time; under Vitest every module is server code.
      "server-only": path.join(import.meta.dirname, "tests", "setup", "server-only.ts"),
    },
  },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    setupFiles: ["tests/setup/test-environment.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only queue up behind each other's database boots.
    maxWorkers: 2,
  },
});
