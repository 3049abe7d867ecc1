import { Client } from "pg";
import { pgConnection, type SqlConnection } from "@/server/platform/db/migrate";
import { createThrowawayPostgresDatabase } from "./test-database";

/**
 * Runs `run` on an empty throwaway database of the run's PostgreSQL server, then removes it.
 * `open` gives `run` further connections to the same database (two instances starting together).
 */
export async function withEmptyDatabase<T>(run: (connection: SqlConnection, open: () => Promise<SqlConnection>) => Promise<T>): Promise<T> {
  const database = await createThrowawayPostgresDatabase();
  const clients: Client[] = [];
  const open = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return pgConnection(client);
  };
  try {
    return await run(await open(), open);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
    await database.drop();
  }
}
