// Compares prisma/schema.prisma with the committed migrations, using Prisma's own schema
// engine compiled to WebAssembly and an in-memory PGlite as the shadow database. This is the
// SQL `prisma migrate dev` would write; it needs no native engine and no database server.
// Development tooling only: the running app never loads it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";

const require = createRequire(import.meta.url);
export const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const schemaPath = path.join(projectRoot, "prisma", "schema.prisma");
export const migrationsDirectory = path.join(projectRoot, "prisma", "migrations");

let wasmLoaded = false;
async function loadSchemaEngine() {
  if (!wasmLoaded) {
    const wasmPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/\.js$/, ".wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": engineBindings,
    });
    engineBindings.__wbg_set_wasm(instance.exports);
    /** @type {{ __wbindgen_start?: () => void }} */ (instance.exports).__wbindgen_start?.();
    wasmLoaded = true;
  }
  return engineBindings.SchemaEngine;
}

export function readMigrationList() {
  const directories = existsSync(migrationsDirectory)
    ? readdirSync(migrationsDirectory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const lockfilePath = path.join(migrationsDirectory, "migration_lock.toml");
  return {
    baseDir: migrationsDirectory,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockfilePath) ? readFileSync(lockfilePath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: directories.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: /** @type {const} */ ("ok"), value: readFileSync(path.join(migrationsDirectory, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** The SQL that takes a database with every committed migration applied to schema.prisma ("" when none). */
export async function diffMigrationsToSchema() {
  const SchemaEngine = await loadSchemaEngine();
  const schema = readFileSync(schemaPath, "utf8");
  // The extensions the migrations create (search: docs/decisions/020-search.md).
  const shadow = new PGlite({ extensions: { unaccent, pg_trgm } });
  const pglite = new PrismaPGlite(shadow);
  // The adapter's own shadow database has no extensions: the engine replays the migrations on one that does.
  pglite.connectToShadowDb = () => new PrismaPGlite(new PGlite({ extensions: { unaccent, pg_trgm } })).connect();
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(pglite);
  const engine = await SchemaEngine.new({ datamodels: [["schema.prisma", schema]] }, () => {}, adapterFactory);
  try {
    const result = await engine.diff({
      from: { tag: "migrations", ...readMigrationList() },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? "";
    return isEmptyMigration(sql) ? "" : sql;
  } finally {
    engine.free();
    await shadow.close();
  }
}

function isEmptyMigration(sql) {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("--"))
    .every((line) => /^CREATE SCHEMA IF NOT EXISTS "public";$/.test(line));
}
