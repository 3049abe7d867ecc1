import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects, each file with a database of its own on the run's PostgreSQL server (the
// embedded one the run starts, or TEST_DATABASE_URL's). "integration": unit, database, storage,
// API and book tests, calling the code in process. "server": tests that need the real HTTP server
// (request bodies on the wire, connection addresses, memory of the process), run against the
// built standalone server, which tests/setup/built-app.ts builds first when it is out of date.

const alias = {
  "@": path.join(import.meta.dirname, "src"),
  // Next enforces this boundary at build time; under Vitest every module is server code.
  "server-only": path.join(import.meta.dirname, "tests", "setup", "server-only.ts"),
};

// TEST_EXCLUDE="glob,glob": files this run leaves out (CI's PostgreSQL stage skips what never reaches
// the run's database or Redis; the command line's --exclude does not reach a project's own list).
const excluded = process.env.TEST_EXCLUDE?.split(",").filter(Boolean) ?? [];

export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    setupFiles: ["tests/setup/test-environment.ts"],
    // Generous, as guards against a hang and not as measures of speed: a file's first request or
    // set-up hook opens its database (migrations included) and the job queue's schema, on two
    // shared cores that may be running a build or browsers beside it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: more workers than that only queue up behind each other's database boots.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: ["tests/e2e/**", "tests/server/**", "node_modules/**", ...excluded],
          globalSetup: ["tests/setup/database-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          exclude: ["node_modules/**", ...excluded],
          // The build, then the run's PostgreSQL server and template, as for the integration tests.
          globalSetup: ["tests/setup/built-app.ts", "tests/setup/database-template.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
