import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

// Families that existed before invite codes (docs/decisions/008-invites.md) got an admin and kept
// the link they had been handing out, for 30 days, until the family's id stopped being an invite.

describe(`the family_invites migration on the ${backendName} database`, () => {
  it("makes each family's earliest member its admin and keeps its id working as its invite code for 30 days", async () => {
    await withEmptyDatabase(async (connection) => {
      const migrations = readMigrations();
      const index = migrations.findIndex((migration) => migration.name.endsWith("_family_invites"));
      expect(index).toBeGreaterThan(0);
      await applyMigrations(connection, migrations.slice(0, index));

      const hughes = "11111111-1111-4111-8111-111111111111";
      const ng = "22222222-2222-4222-8222-222222222222";
      const empty = "33333333-3333-4333-8333-333333333333";
      await connection.exec(`
        INSERT INTO families (id, name) VALUES ('${hughes}', 'The Hughes Family'), ('${ng}', 'The Ng Family'), ('${empty}', NULL);
        INSERT INTO users (id, email, email_normalized, first_name, last_name, family_id, created_at, updated_at) VALUES
          ('aaaaaaaa-0000-4000-8000-000000000001', 'tom@x.test', 'tom@x.test', 'Tom', 'Hughes', '${hughes}', '2025-03-01', now()),
          ('aaaaaaaa-0000-4000-8000-000000000002', 'margaret@x.test', 'margaret@x.test', 'Margaret', 'Hughes', '${hughes}', '2024-01-01', now()),
          ('aaaaaaaa-0000-4000-8000-000000000003', 'ruth@x.test', 'ruth@x.test', 'Ruth', 'Ng', '${ng}', '2025-06-01', now()),
          ('aaaaaaaa-0000-4000-8000-000000000004', 'loner@x.test', 'loner@x.test', 'Lone', 'Wolf', NULL, '2020-01-01', now());
      `);

      // Up to this migration: a later one gives these links random codes (invite-codes-migration.test.ts).
      await applyMigrations(connection, migrations.slice(0, index + 1));

      const { rows: roles } = await connection.query<{ first_name: string; family_role: string }>(
        "SELECT first_name, family_role FROM users ORDER BY first_name",
      );
      expect(roles).toEqual([
        { first_name: "Lone", family_role: "member" },
        { first_name: "Margaret", family_role: "admin" },
        { first_name: "Ruth", family_role: "admin" },
        { first_name: "Tom", family_role: "member" },
      ]);

      const { rows: invites } = await connection.query<{ code: string; family_id: string; created_by: string; days: number; open: boolean }>(`
        SELECT i.code, i.family_id::text AS family_id, u.first_name AS created_by,
               round(extract(epoch FROM i.expires_at - i.created_at) / 86400)::int AS days, i.revoked_at IS NULL AS open
          FROM family_invites i JOIN users u ON u.id = i.created_by_id ORDER BY u.first_name`);
      expect(invites).toEqual([
        { code: hughes, family_id: hughes, created_by: "Margaret", days: 30, open: true },
        { code: ng, family_id: ng, created_by: "Ruth", days: 30, open: true },
      ]);
    });
  });
});
