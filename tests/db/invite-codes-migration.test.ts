import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

// A family's id stops being an invite (docs/decisions/008-invites.md, 2026-11-27): every link still
// open under its family's id gets a random code; nothing else about any link changes.

type InviteRow = { id: string; code: string; family_id: string; expires_at: string; revoked: boolean };

describe(`the invite_codes_not_family_ids migration on the ${backendName} database`, () => {
  it("gives each link still open under its family's id a random code, and leaves every other link as it was", async () => {
    await withEmptyDatabase(async (connection) => {
      const migrations = readMigrations();
      const index = migrations.findIndex((migration) => migration.name.endsWith("_invite_codes_not_family_ids"));
      expect(index).toBeGreaterThan(0);
      await applyMigrations(connection, migrations.slice(0, index));

      const hughes = "11111111-1111-4111-8111-111111111111";
      const ng = "22222222-2222-4222-8222-222222222222";
      const berg = "33333333-3333-4333-8333-333333333333";
      const lindqvist = "44444444-4444-4444-8444-444444444444";
      const invite = (n: number) => `aaaaaaaa-0000-4000-8000-00000000000${n}`;
      await connection.exec(`
        INSERT INTO families (id, name) VALUES
          ('${hughes}', 'The Hughes Family'), ('${ng}', 'The Ng Family'), ('${berg}', 'The Berg Family'), ('${lindqvist}', 'The Lindqvist Family');
        INSERT INTO family_invites (id, code, family_id, created_at, expires_at, revoked_at) VALUES
          -- Open under the family's id.
          ('${invite(1)}', '${hughes}', '${hughes}', '2026-11-20', '2026-12-20', NULL),
          -- Expired under the family's id, not replaced yet: shown to the admins, so it changes too.
          ('${invite(2)}', '${ng}', '${ng}', '2026-10-01', '2026-10-31', NULL),
          -- Replaced by an admin already: the old row stays revoked, the random one stays open.
          ('${invite(3)}', '${berg}', '${berg}', '2026-11-01', '2026-12-01', '2026-11-10'),
          ('${invite(4)}', 'BergBergBergBergBergBerg', '${berg}', '2026-11-10', '2026-12-10', NULL),
          -- Closed by an admin.
          ('${invite(5)}', '${lindqvist}', '${lindqvist}', '2026-11-01', '2026-12-01', '2026-11-02');
      `);
      const rows = async () =>
        (
          await connection.query<InviteRow>(
            `SELECT id::text AS id, code, family_id::text AS family_id, to_char(expires_at, 'YYYY-MM-DD') AS expires_at, revoked_at IS NOT NULL AS revoked
               FROM family_invites ORDER BY id`,
          )
        ).rows;
      const before = await rows();

      await applyMigrations(connection, migrations);

      const after = await rows();
      const changed = after.filter((row, position) => row.code !== before[position]!.code);
      expect(changed.map((row) => row.id)).toEqual([invite(1), invite(2)]);
      for (const row of changed) {
        expect(row.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
        expect(row.code).not.toBe(row.family_id);
      }
      expect(changed[0]!.code).not.toBe(changed[1]!.code);
      // Only the code changed: the same rows, families, expiries and states.
      const withCodesOf = (list: InviteRow[]) => list.map((row, position) => ({ ...row, code: before[position]!.code }));
      expect(withCodesOf(after)).toEqual(before);
      const { rows: open } = await connection.query<{ family_id: string }>(
        `SELECT family_id::text AS family_id FROM family_invites WHERE revoked_at IS NULL AND code = family_id::text`,
      );
      expect(open).toEqual([]);
    });
  });
});
