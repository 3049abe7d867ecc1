import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

// Comments, reactions and follow-up questions written before they carried a family get the family
// they were said in (docs/decisions/037-conversations-stay-in-their-family.md): their item's,
// unless the item has moved since with its author (the row is older than the item's family).

describe(`the conversations_stay_in_their_family migration on the ${backendName} database`, () => {
  it("places each row in its item's family, and those older than it elsewhere, so the item's new family does not read them", async () => {
    await withEmptyDatabase(async (connection) => {
      const migrations = readMigrations();
      const index = migrations.findIndex((migration) => migration.name.endsWith("_conversations_stay_in_their_family"));
      expect(index).toBeGreaterThan(0);
      await applyMigrations(connection, migrations.slice(0, index));

      const hughes = "11111111-1111-4111-8111-111111111111";
      const bobs = "22222222-2222-4222-8222-222222222222"; // made when Bob was removed from the Hughes family
      const [alice, bob, carol, dave, loner] = [1, 2, 3, 4, 5].map((n) => `aaaaaaaa-0000-4000-8000-00000000000${n}`);
      const boat = "bbbbbbbb-0000-4000-8000-000000000001";
      const garden = "bbbbbbbb-0000-4000-8000-000000000002";
      const familyless = "bbbbbbbb-0000-4000-8000-000000000003";
      await connection.exec(`
        INSERT INTO families (id, name, created_at) VALUES ('${hughes}', 'The Hughes Family', '2024-01-01'), ('${bobs}', NULL, '2026-01-01');
        INSERT INTO users (id, email, email_normalized, first_name, last_name, family_id, created_at, updated_at) VALUES
          ('${alice}', 'alice@x.test', 'alice@x.test', 'Alice', 'Hughes', '${hughes}', '2024-01-01', now()),
          ('${bob}', 'bob@x.test', 'bob@x.test', 'Bob', 'Hughes', '${bobs}', '2024-01-02', now()),
          ('${carol}', 'carol@x.test', 'carol@x.test', 'Carol', 'Hughes', '${hughes}', '2024-01-03', now()),
          ('${dave}', 'dave@x.test', 'dave@x.test', 'Dave', 'Larsen', '${bobs}', '2026-02-01', now()),
          ('${loner}', 'loner@x.test', 'loner@x.test', 'Lone', 'Wolf', NULL, '2024-01-01', now());
        INSERT INTO memories (id, user_id, family_id, title, content, memory_date, is_shared, created_at) VALUES
          ('${boat}', '${bob}', '${bobs}', 'Bob''s boat', '', '1980-01-01', true, '2025-01-01'),
          ('${garden}', '${alice}', '${hughes}', 'Alice''s garden', '', '1980-01-01', true, '2025-01-01'),
          ('${familyless}', '${loner}', NULL, 'Alone', '', '1980-01-01', true, '2025-01-01');
        INSERT INTO comments (id, memory_id, user_id, body, created_at) VALUES
          ('cccccccc-0000-4000-8000-000000000001', '${boat}', '${carol}', 'Carol on the boat, in the Hughes family', '2025-06-01'),
          ('cccccccc-0000-4000-8000-000000000002', '${boat}', '${bob}', 'Bob on his boat, in the Hughes family', '2025-06-01'),
          ('cccccccc-0000-4000-8000-000000000003', '${boat}', '${dave}', 'Dave on the boat, in Bob''s family', '2026-06-01'),
          ('cccccccc-0000-4000-8000-000000000004', '${garden}', '${bob}', 'Bob on the garden', '2025-06-01'),
          ('cccccccc-0000-4000-8000-000000000005', '${familyless}', '${carol}', 'Carol on a memory of nobody''s family', '2025-06-01');
        INSERT INTO reactions (id, memory_id, user_id, kind, created_at) VALUES
          ('dddddddd-0000-4000-8000-000000000001', '${boat}', '${alice}', 'love', '2025-06-01'),
          ('dddddddd-0000-4000-8000-000000000002', '${boat}', '${dave}', 'love', '2026-06-01'),
          ('dddddddd-0000-4000-8000-000000000003', '${garden}', '${bob}', 'thanks', '2025-06-01');
        INSERT INTO follow_up_questions (id, memory_id, asker_id, author_id, question, answer, created_at, answered_at) VALUES
          ('eeeeeeee-0000-4000-8000-000000000001', '${boat}', '${carol}', '${bob}', 'Who rowed?', 'Grandpa', '2025-06-01', '2025-06-02'),
          ('eeeeeeee-0000-4000-8000-000000000002', '${boat}', '${dave}', '${bob}', 'Is it still afloat?', NULL, '2026-06-01', NULL),
          ('eeeeeeee-0000-4000-8000-000000000003', '${garden}', '${bob}', '${alice}', 'Which roses?', NULL, '2025-06-01', NULL);
      `);

      await applyMigrations(connection, migrations);

      const placed = async (table: string) =>
        (
          await connection.query<{ id: string; family_id: string | null }>(`SELECT id::text AS id, family_id::text AS family_id FROM ${table} ORDER BY id`)
        ).rows.map((row) => row.family_id);
      expect(await placed("comments")).toEqual([hughes, null, bobs, hughes, null]);
      expect(await placed("reactions")).toEqual([hughes, bobs, hughes]);
      expect(await placed("follow_up_questions")).toEqual([hughes, bobs, hughes]);
    });
  });
});
