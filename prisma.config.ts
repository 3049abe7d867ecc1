import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

// The Prisma CLI downloads a native schema engine on first use. Where that download is not
// possible (offline machines, locked-down CI), `prisma generate` only needs an engine that
// answers `--version`, so a tiny stand-in is used. Migrations never go through the CLI: the
// app applies them itself at start-up (src/server/platform/db/migrate.ts) and new ones are written by
// `npm run db:migration` (scripts/create-migration.mjs).
const enginesDirectory = path.join(process.cwd(), "node_modules", "@prisma", "engines");
const hasRealSchemaEngine = existsSync(enginesDirectory) && readdirSync(enginesDirectory).some((name) => name.startsWith("schema-engine"));
if (!hasRealSchemaEngine && !process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.join(process.cwd(), "scripts", "schema-engine-stub.cjs");
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
