import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";
import { applyMigrations, type SqlConnection } from "@/server/platform/db/migrate";

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
    if (copyFrom) await copyTables(copyFrom, pglite);
  } finally {
    await pglite.close();
  }
}

/** Every row of the app's tables and the state of its sequences, copied as JSON (foreign keys unchecked while copying). */
async function copyTables(url: string, target: PGlite) {
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  try {
    const { rows: tables } = await source.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
    );
    await target.exec("SET session_replication_role = replica");
    for (const { name } of tables) {
      const { rows: columns } = await source.query<{ column: string }>(
        `SELECT quote_ident(column_name) AS column FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [name],
      );
      const list = columns.map(({ column }) => column).join(", ");
      const { rows } = await source.query<{ json: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS json FROM ${quoted(name)} t`);
      await target.query(`INSERT INTO ${quoted(name)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quoted(name)}, $1::json)`, [rows[0]!.json]);
    }
    const { rows: sequences } = await source.query<{ name: string }>(`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'`);
    for (const { name } of sequences) {
      const { rows } = await source.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${quoted(name)}`);
      await target.query(`SELECT setval($1, $2, $3)`, [quoted(name), rows[0]!.last_value, rows[0]!.is_called]);
    }
    await target.exec("SET session_replication_role = DEFAULT");
  } finally {
    await source.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
