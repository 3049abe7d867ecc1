import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { applyMigrations, type SqlConnection } from "@/server/platform/db/migrate";
import { copyTables } from "../../scripts/lib/databases.mjs";

// A data folder as an earlier Family Book left it: PostgreSQL compiled to WebAssembly (PGlite) in
// DATA_DIR/db, migrated by the same migrations, for the tests of the move into the embedded
// PostgreSQL (docs/decisions/045-embedded-postgresql.md).

/** The PGlite database at `folder` with every migration applied, optionally filled with the rows of the app's tables at `copyFrom`. */
export async function createPgliteFolder(folder: string, { copyFrom }: { copyFrom?: string } = {}) {
  const pglite = await PGlite.create(folder, { extensions: { unaccent, pg_trgm } });
  try {
    const connection: SqlConnection = {
      query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)) as { rows: Row[] },
      exec: (sql: string) => pglite.exec(sql),
    };
    await applyMigrations(connection);
    if (copyFrom) await copyTables(copyFrom, connection);
  } finally {
    await pglite.close();
  }
}
