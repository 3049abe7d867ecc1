import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { PrismaClient } from "@/generated/prisma/client";
import { applyMigrations, pgConnection } from "@/server/platform/db/migrate";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { startEmbeddedDatabase } from "../../bin/embedded-database.mjs";
import { createThrowawayDatabase } from "../../scripts/lib/databases.mjs";

// Once per run, before any test file: the PostgreSQL server the run's databases live on — the
// one TEST_DATABASE_URL names, or else an embedded PostgreSQL started for this run alone, as
// `npm start` starts one (docs/decisions/045-embedded-postgresql.md) — and on it one database
// migrated to the current schema and holding the built-in question library (as the server's
// start-up leaves it). Every test file's own database is a copy of it (CREATE DATABASE …
// TEMPLATE), made in a fraction of a second instead of migrated again.

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate?: { name: string };
    /** The run's embedded PostgreSQL, when TEST_DATABASE_URL names no server. */
    databaseServer?: { url: string };
  }
}

/**
 * A throwaway server keeps nothing after the run, so it need not survive a power cut: no
 * flushing to disk, which makes creating each file's database and every commit much cheaper.
 */
const THROWAWAY_SETTINGS = { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "200" };

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  let stopServer = async () => {};
  if (!serverUrl) {
    const folder = mkdtempSync(path.join(tmpdir(), "family-book-test-database-"));
    const embedded = await startEmbeddedDatabase({ dataDirectory: folder, log: () => {}, settings: THROWAWAY_SETTINGS });
    serverUrl = embedded.url;
    project.provide("databaseServer", { url: serverUrl });
    stopServer = async () => {
      await embedded.stop();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  try {
    const template = await createThrowawayDatabase(serverUrl, "template");
    const client = new Client({ connectionString: template.url });
    await client.connect();
    try {
      await applyMigrations(pgConnection(client));
    } finally {
      await client.end();
    }
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: template.url }) });
    try {
      await seedQuestionLibrary(prisma);
    } finally {
      await prisma.$disconnect();
    }
    project.provide("databaseTemplate", { name: template.name });
    return async () => {
      await template.drop();
      await stopServer();
    };
  } catch (error) {
    await stopServer();
    throw error;
  }
}
