import { inject } from "vitest";
import { createThrowawayDatabase } from "../../scripts/lib/databases.mjs";

// Each test file gets a database of its own on the run's PostgreSQL server: the one
// TEST_DATABASE_URL names (CI runs the suites against the machine's own as well), or else the
// embedded PostgreSQL the run starts (tests/setup/database-template.ts). The server tests give
// the built app they start the file's database.

const externalUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const realDatabaseUrl = externalUrl ?? inject("databaseServer")?.url;
export const backendName = externalUrl ? "postgresql" : "embedded";

export type ThrowawayDatabase = Awaited<ReturnType<typeof createThrowawayDatabase>>;

/** An empty database on the server under test, or a copy of `template` (a migrated one, say). */
export function createThrowawayPostgresDatabase(serverUrl = realDatabaseUrl!, template?: string): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(serverUrl, "test", { template });
}
