import "server-only";
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client, Pool } from "pg";
import { z } from "zod";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { getEnv, type Environment } from "@/server/platform/env";
import { applyMigrations, pgConnection } from "./migrate";

export type Database = {
  prisma: PrismaClient;
  /** Hand-written SQL on the driver itself, for the hottest reads (docs/decisions/006-hot-reads-in-sql.md). */
  query<Row>(statement: Prisma.Sql): Promise<Row[]>;
  /**
   * A statement from a library that speaks `pg`'s language (rate-limiter-flexible): its own
   * text and parameters, a name to prepare it under on PostgreSQL. Never for our own SQL.
   */
  execute(text: string, values: unknown[], name?: string): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /** Where the job queue keeps its tables (docs/decisions/012-jobs.md): the same PostgreSQL. */
  connectionString: string;
  close(): Promise<void>;
};

/** How this process names itself to PostgreSQL (pg_stat_activity), so an operator can tell instances apart. */
export const applicationName = (role: string) => `family-book ${role} pid ${process.pid}`;

// One database per process. The handle lives on globalThis because Next bundles route handlers,
// pages and instrumentation separately: a module-level variable would open a pool per bundle.
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

/**
 * Always a PostgreSQL server: the one DATABASE_URL names, or the data folder's embedded one,
 * which the start script runs and hands over as DATABASE_URL (docs/decisions/045-embedded-postgresql.md).
 */
async function openDatabase(env: Environment): Promise<Database> {
  const connectionString = env.DATABASE_URL;
  if (connectionString === undefined) {
    throw new Error(
      "No database: DATABASE_URL is not set. Start Family Book with npm start (or npm run worker), which runs its embedded PostgreSQL, or set DATABASE_URL to a PostgreSQL server.",
    );
  }
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
    connectionString,
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
