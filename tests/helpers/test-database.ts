import { createThrowawayDatabase } from "../../scripts/lib/databases.mjs";

// Each test file gets a database of its own: an in-memory PGlite by default, or a throwaway
// PostgreSQL database when TEST_DATABASE_URL names a server (CI runs the suites both ways).

export const realDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const backendName = realDatabaseUrl ? "postgresql" : "embedded";

export type ThrowawayDatabase = Awaited<ReturnType<typeof createThrowawayDatabase>>;

/** An empty database on the server under test, or a copy of `template` (a migrated one, say). */
export function createThrowawayPostgresDatabase(serverUrl = realDatabaseUrl!, template?: string): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(serverUrl, "test", { template });
}
