import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Applies prisma/migrations at start-up, on an external PostgreSQL and the embedded one alike. Each
// migration runs in its own transaction and is recorded in `_prisma_migrations` exactly as
// `prisma migrate deploy` records it (checksum = SHA-256 of the file), so either tool sees the
// other's work. An advisory lock keeps two instances starting together from migrating twice.

export type SqlConnection = {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<unknown>;
};

type PgLikeClient = { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/** A node-postgres client: a query without parameters may hold several statements. */
export function pgConnection(client: PgLikeClient): SqlConnection {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)) as { rows: Row[] },
    exec: (sql: string) => client.query(sql),
  };
}

export type Migration = { name: string; sql: string; checksum: string };

// Any constant works as long as every instance uses the same one.
const MIGRATION_LOCK_ID = 7_310_426_111;

export function migrationsDirectory() {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

export function readMigrations(directory = migrationsDirectory()): Migration[] {
  if (!existsSync(/*turbopackIgnore: true*/ directory)) {
    throw new Error(`No migrations found at ${directory}: start Family Book from its project folder.`);
  }
  return readdirSync(/*turbopackIgnore: true*/ directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ path.join(directory, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export type MigrationReport = { applied: string[]; alreadyApplied: string[] };

export async function applyMigrations(connection: SqlConnection, migrations: Migration[] = readMigrations()): Promise<MigrationReport> {
  await connection.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
  try {
    await connection.exec(`
      CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
        "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
        "checksum"            VARCHAR(64) NOT NULL,
        "finished_at"         TIMESTAMPTZ,
        "migration_name"      VARCHAR(255) NOT NULL,
        "logs"                TEXT,
        "rolled_back_at"      TIMESTAMPTZ,
        "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
        "applied_steps_count" INTEGER NOT NULL DEFAULT 0
      );`);
    const { rows } = await connection.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const recorded = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const report: MigrationReport = { applied: [], alreadyApplied: [] };

    for (const migration of migrations) {
      const recordedChecksum = recorded.get(migration.name);
      if (recordedChecksum !== undefined) {
        if (recordedChecksum !== migration.checksum) {
          console.warn(`Migration ${migration.name} was edited after it was applied; the database keeps the applied version.`);
        }
        report.alreadyApplied.push(migration.name);
        continue;
      }
      await connection.exec("BEGIN");
      try {
        await connection.exec(migration.sql);
        await connection.query(
          `INSERT INTO "_prisma_migrations"
             (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await connection.exec("COMMIT");
      } catch (error) {
        await connection.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      }
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    await connection.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  }
}
