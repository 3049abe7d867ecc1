import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { pgConnection, pgliteConnection, type SqlConnection } from "@/server/platform/db/migrate";
import { pgliteExtensions } from "@/server/platform/db/pglite-extensions";
import { createThrowawayPostgresDatabase, realDatabaseUrl } from "./test-database";

// Apart from test-database.ts, which every test file's set-up loads: only the migration tests
// pay for loading PGlite and the migrator here.

/** Runs `run` on an empty database of the backend under test (a throwaway one on PostgreSQL), then removes it. */
export async function withEmptyDatabase(run: (connection: SqlConnection) => Promise<void>) {
  if (realDatabaseUrl) {
    const database = await createThrowawayPostgresDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await run(pgConnection(client));
    } finally {
      await client.end();
      await database.drop();
    }
    return;
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await run(pgliteConnection(pglite));
  } finally {
    await pglite.close();
  }
}
