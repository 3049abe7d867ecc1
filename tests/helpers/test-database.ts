import { randomBytes } from "node:crypto";
import { Client } from "pg";

// Each test file gets a database of its own: an in-memory PGlite by default, or a throwaway
// PostgreSQL database when TEST_DATABASE_URL names a server (CI runs the suites both ways).

export const realDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const backendName = realDatabaseUrl ? "postgresql" : "embedded";

export type ThrowawayDatabase = { url: string; drop(): Promise<void> };

export async function createThrowawayPostgresDatabase(serverUrl = realDatabaseUrl!): Promise<ThrowawayDatabase> {
  const name = `family_book_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
