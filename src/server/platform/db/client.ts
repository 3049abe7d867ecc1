import "server-only";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client, Pool } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { z } from "zod";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { dataDirectory, getEnv, type Environment } from "@/server/platform/env";
import { acquireDirectoryLock } from "./embedded-lock";
import { applyMigrations, pgConnection, pgliteConnection } from "./migrate";
import { pgliteExtensions } from "./pglite-extensions";

export type DatabaseBackend = "postgresql" | "embedded";

export type Database = {
  prisma: PrismaClient;
  backend: DatabaseBackend;
  /** Hand-written SQL on the driver itself, for the hottest reads (docs/decisions/006-hot-reads-in-sql.md). */
  query<Row>(statement: Prisma.Sql): Promise<Row[]>;
  /**
   * A statement from a library that speaks `pg`'s language (rate-limiter-flexible): its own
   * text and parameters, a name to prepare it under on PostgreSQL. Never for our own SQL.
   */
  execute(text: string, values: unknown[], name?: string): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /**
   * Where the job queue keeps its tables (docs/decisions/012-jobs.md): the one embedded PGlite
   * itself, since a second handle on its folder would corrupt it, or PostgreSQL's address.
   */
  jobStore: { kind: "embedded"; pglite: PGlite } | { kind: "postgresql"; connectionString: string };
  close(): Promise<void>;
};

/** How this process names itself to PostgreSQL (pg_stat_activity), so an operator can tell instances apart. */
export const applicationName = (role: string) => `family-book ${role} pid ${process.pid}`;

// One database per process. The handle lives on globalThis because Next bundles route handlers,
// pages and instrumentation separately: a module-level variable would open the embedded
// database once per bundle.
const registry = globalThis as typeof globalThis & { __familyBookDatabase?: Promise<Database> };

const transactionOptions = { maxWait: 10_000, timeout: 10_000 };

/** The database, migrated on first use (the start-up then brings the question library up to date). */
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

/**
 * Rows of one SQL statement built with Prisma.sql (values are always parameters, never spliced
 * into the text). Only for reads that run on every request; everything else goes through Prisma.
 * `rowSchema` describes the rows the statement writes: outside production every row is checked
 * against it, so that the tests on both backends catch a column the type only claims; in
 * production the rows are trusted as they are, at no cost to the hot path.
 */
export async function queryRows<Row>(statement: Prisma.Sql, rowSchema?: z.ZodType<Row>): Promise<Row[]> {
  // As Prisma's strictUndefinedChecks: a missing id must never quietly become "IS NULL".
  if (statement.values.some((value) => value === undefined)) throw new Error("A value in this SQL statement is undefined");
  const rows = await (await getDatabase()).query<Row>(statement);
  if (rowSchema && process.env.NODE_ENV !== "production") {
    for (const row of rows) {
      const checked = rowSchema.safeParse(row);
      if (!checked.success) throw new Error(`A row of this SQL statement is not as described: ${z.prettifyError(checked.error)}\n${statement.text}`);
    }
  }
  return rows;
}

export async function closeDatabase() {
  const current = registry.__familyBookDatabase;
  registry.__familyBookDatabase = undefined;
  if (current) await (await current).close();
}

async function openDatabase(env: Environment): Promise<Database> {
  return env.DATABASE_URL === undefined ? openEmbedded(env) : openPostgres(env);
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
    application_name: applicationName("app"),
  });
  // A server restart drops idle connections; the pool replaces them, the process must not crash.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions });
  return {
    prisma,
    backend: "postgresql",
    jobStore: { kind: "postgresql", connectionString },
    // Named statements: each pooled connection parses and plans a statement once, not on every request.
    query: async <Row>(statement: Prisma.Sql) =>
      (await pool.query({ name: statementName(statement.text), text: statement.text, values: statement.values })).rows as Row[],
    async execute(text, values, name) {
      const result = await pool.query({ name, text, values });
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

const statementNames = new Map<string, string>();

/** A name per distinct SQL text; only a handful of statements are ever written by hand. */
function statementName(text: string) {
  let name = statementNames.get(text);
  if (!name) {
    name = `family_book_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The embedded PostgreSQL's memory (docs/decisions/033-server-memory.md). Its buffers live in
 * the WebAssembly heap, which never shrinks: PostgreSQL's default 128 MB of shared buffers
 * made a server idle at 500 MB. 16 MB holds a family's hot pages; the files themselves stay in
 * the operating system's cache. Given on the command line, not in postgresql.conf, which
 * PGlite would rewrite with these lines alone.
 */
export const EMBEDDED_START_PARAMETERS = [
  ...PGlite.defaultStartParams,
  ...["shared_buffers=16MB", "temp_buffers=2MB", "wal_buffers=1MB", "maintenance_work_mem=16MB"].flatMap((setting) => ["-c", setting]),
];

/**
 * Creating a database runs initdb in a second, temporary PGlite (another WebAssembly heap of
 * some 300 MB), and migrating builds large strings; V8 sees little pressure on its own heap and
 * can keep that garbage for minutes. A full collection once the start-up is over returns it
 * (the temporary instance is still reachable until the opening has returned, hence the delays).
 */
function collectStartUpGarbage() {
  let collect: () => void;
  try {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  } catch {
    return; // Not this runtime's flag: the garbage goes at V8's next full collection.
  }
  for (const delay of [1_000, 10_000]) setTimeout(collect, delay).unref();
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
    const loadDataDir = inMemory && env.PGLITE_TEMPLATE ? new Blob([readFileSync(env.PGLITE_TEMPLATE)]) : undefined;
    const pglite = await PGlite.create(inMemory ? undefined : directory, { extensions: pgliteExtensions, startParams: EMBEDDED_START_PARAMETERS, loadDataDir });
    await applyMigrations(pgliteConnection(pglite));
    collectStartUpGarbage();
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
    return {
      prisma,
      backend: "embedded",
      jobStore: { kind: "embedded", pglite },
      // PGlite runs one statement at a time and holds it for an open transaction, as it does for Prisma.
      query: async <Row>(statement: Prisma.Sql) => (await pglite.query<Row>(statement.text, statement.values)).rows,
      async execute(text, values) {
        const result = await pglite.query<Record<string, unknown>>(text, values);
        // PGlite counts only changed rows; pg's rowCount also counts the rows a SELECT returns.
        return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
      },
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
