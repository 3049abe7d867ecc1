import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { TestProject } from "vitest/node";
import { PrismaClient } from "@/generated/prisma/client";
import { EMBEDDED_START_PARAMETERS } from "@/server/platform/db/client";
import { applyMigrations, pgConnection, pgliteConnection } from "@/server/platform/db/migrate";
import { pgliteExtensions } from "@/server/platform/db/pglite-extensions";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { createThrowawayDatabase } from "../../scripts/lib/databases.mjs";
import { realDatabaseUrl } from "../helpers/test-database";

// Once per run, before any test file: one database migrated to the current schema and holding the
// built-in question library (as the server's start-up leaves it), which every
// file's own database starts as a copy of instead of being created and migrated again. On
// PostgreSQL it is a template database (CREATE DATABASE … TEMPLATE); embedded, an archive of a
// PGlite data folder that each file's in-memory database loads (PGLITE_TEMPLATE). Creating an
// embedded database from nothing (initdb in WebAssembly) takes several seconds; loading the
// archive about one.

declare module "vitest" {
  export interface ProvidedContext {
    // Absent in the project whose tests run the built server, which opens databases of its own.
    databaseTemplate?: { kind: "postgresql"; name: string } | { kind: "embedded"; archive: string };
  }
}

export default async function setup(project: TestProject) {
  if (realDatabaseUrl) {
    const template = await createThrowawayDatabase(realDatabaseUrl, "template");
    const client = new Client({ connectionString: template.url });
    await client.connect();
    try {
      await applyMigrations(pgConnection(client));
    } finally {
      await client.end();
    }
    await withPrisma(new PrismaClient({ adapter: new PrismaPg({ connectionString: template.url }) }), seedQuestionLibrary);
    project.provide("databaseTemplate", { kind: "postgresql", name: template.name });
    return () => template.drop();
  }
  const folder = mkdtempSync(path.join(tmpdir(), "family-book-template-"));
  const archive = path.join(folder, "migrated.tar");
  const pglite = await PGlite.create(undefined, { extensions: pgliteExtensions, startParams: EMBEDDED_START_PARAMETERS });
  try {
    await applyMigrations(pgliteConnection(pglite));
    await withPrisma(new PrismaClient({ adapter: new PrismaPGlite(pglite) }), seedQuestionLibrary);
    writeFileSync(archive, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide("databaseTemplate", { kind: "embedded", archive });
  return () => rmSync(folder, { recursive: true, force: true });
}

async function withPrisma(prisma: PrismaClient, run: (prisma: PrismaClient) => Promise<unknown>) {
  try {
    await run(prisma);
  } finally {
    await prisma.$disconnect();
  }
}
