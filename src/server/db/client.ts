import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, Client } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { dataDirectory, getEnv, usesEmbeddedDatabase, type Environment } from "@/server/env";
import { acquireDirectoryLock } from "./embedded-lock";
import { applyMigrations, pgConnection, pgliteConnection } from "./migrate";
import { seedQuestionLibrary } from "@/server/questionnaires/seed-question-library";

export type DatabaseBackend = "postgresql" | "embedded";

export type Database = {
  prisma: PrismaClient;
  backend: DatabaseBackend;
  close(): Promise<void>;
};

// One database per process. The handle lives on globalThis because Next bundles route handlers,
// pages and instrumentation separately: a module-level variable would open the embedded
// database once per bundle.
const registry = globalThis as typeof globalThis & { __familyBookDatabase?: Promise<Database> };

const transactionOptions = { maxWait: 10_000, timeout: 10_000 };

/** The database, migrated and seeded on first use. */
export function getDatabase(): Promise<Database> {
  if (!registry.__familyBookDatabase) {
    const opening = openDatabase(getEnv());
    registry.__familyBookDatabase = opening;
    // A failed start (database unreachable) is retried by the next caller, not cached forever.
    opening.catch(() => {
      if (registry.__familyBookDatabase === opening) registry.__familyBookDatabase = undefined;
    });
  }
  return registry.__familyBookDatabase;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

export async function closeDatabase() {
  const current = registry.__familyBookDatabase;
  registry.__familyBookDatabase = undefined;
  if (current) await (await current).close();
}

async function openDatabase(env: Environment): Promise<Database> {
  const database = usesEmbeddedDatabase(env) ? await openEmbedded(env) : await openPostgres(env);
  await seedQuestionLibrary(database.prisma);
  return database;
}

async function openPostgres(env: Environment): Promise<Database> {
  const connectionString = env.DATABASE_URL!;
  const migrator = new Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await migrator.connect();
  try {
    await applyMigrations(pgConnection(migrator));
  } finally {
    await migrator.end();
  }
  const pool = new Pool({
    connectionString,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A server restart drops idle connections; the pool replaces them, the process must not crash.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions });
  return {
    prisma,
    backend: "postgresql",
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

async function openEmbedded(env: Environment): Promise<Database> {
  const directory = env.PGLITE_DIR ?? path.join(dataDirectory(env), "db");
  const inMemory = directory.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    mkdirSync(directory, { recursive: true });
    releaseLock = acquireDirectoryLock(`${directory}.lock`, `The embedded database at ${directory}`);
  }
  try {
    const pglite = await PGlite.create(inMemory ? undefined : directory);
    await applyMigrations(pgliteConnection(pglite));
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
    return {
      prisma,
      backend: "embedded",
      async close() {
        await prisma.$disconnect();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
