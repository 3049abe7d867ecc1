import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

// The photos of a reply by email were once kept as a private memory linked to the answer. The
// answer_photos migration moves them to the answer when that memory is still as it was made, and
// leaves every memory its author changed, shared, tagged or that the family talked about as theirs
// (docs/decisions/039-answer-photos.md).

describe(`the answer_photos migration on the ${backendName} database`, () => {
  it("moves the photos of an untouched reply memory to its answer, and keeps every memory someone made their own", async () => {
    await withEmptyDatabase(async (connection) => {
      const migrations = readMigrations();
      const index = migrations.findIndex((migration) => migration.name.endsWith("_answer_photos"));
      expect(index).toBeGreaterThan(0);
      await applyMigrations(connection, migrations.slice(0, index));

      const family = "11111111-1111-4111-8111-111111111111";
      const grandma = "aaaaaaaa-0000-4000-8000-000000000001";
      const olivia = "aaaaaaaa-0000-4000-8000-000000000002";
      const questionnaire = "99999999-0000-4000-8000-000000000001";
      const question = "99999999-0000-4000-8000-000000000002";
      const response = (n: number) => `cccccccc-0000-4000-8000-00000000000${n}`;
      const memory = (n: number) => `bbbbbbbb-0000-4000-8000-00000000000${n}`;
      const photo = (n: number) => `dddddddd-0000-4000-8000-00000000000${n}`;
      // 1 untouched; 2 its story edited; 3 shared; 4 tagged; 5 commented on.
      const answers = [1, 2, 3, 4, 5];
      await connection.exec(`
        INSERT INTO families (id, name, created_at) VALUES ('${family}', 'The Hughes Family', '2024-01-01');
        INSERT INTO users (id, email, email_normalized, first_name, last_name, family_id, created_at, updated_at) VALUES
          ('${grandma}', 'grandma@x.test', 'grandma@x.test', 'Margaret', 'Hughes', '${family}', '2024-01-01', now()),
          ('${olivia}', 'olivia@x.test', 'olivia@x.test', 'Olivia', 'Hughes', '${family}', '2024-01-02', now());
        INSERT INTO questionnaires (id, title, audience, family_id, created_by_id, created_at) VALUES ('${questionnaire}', 'Weekly', 'FAMILY_WIDE', '${family}', '${olivia}', '2024-01-01');
        INSERT INTO questions (id, questionnaire_id, question_text, position) VALUES ('${question}', '${questionnaire}', 'Where did you grow up?', 0);
        ${answers
          .map(
            (n) => `
        INSERT INTO submissions (id, questionnaire_id, user_id, family_id, created_at) VALUES ('${response(n).replace("cccccccc", "eeeeeeee")}', '${questionnaire}', '${grandma}', '${family}', '2025-01-0${n}');
        INSERT INTO responses (id, submission_id, question_id, answer_text, created_at) VALUES ('${response(n)}', '${response(n).replace("cccccccc", "eeeeeeee")}', '${question}', 'In Cardiff, by the docks.', '2025-01-0${n}');
        INSERT INTO memories (id, user_id, family_id, title, content, memory_date, is_shared, created_at, response_id) VALUES
          ('${memory(n)}', '${grandma}', '${family}', 'Where did you grow up?', ${n === 2 ? "'In Cardiff, by the docks. And then Swansea.'" : "'In Cardiff, by the docks.'"}, '2025-01-0${n}', ${n === 3}, '2025-01-0${n}', '${response(n)}');
        INSERT INTO memory_photos (id, memory_id, order_number, original_key, display_key, thumbnail_key, print_key, content_type, width, height, byte_size) VALUES
          ('${photo(n)}', '${memory(n)}', 0, 'memories/${memory(n)}/p/original.jpg', 'memories/${memory(n)}/p/display.webp', 'memories/${memory(n)}/p/thumbnail.webp', NULL, 'image/jpeg', 1200, 900, 123456);`,
          )
          .join("\n")}
        INSERT INTO memory_tags (id, memory_id, tagged_user_id) VALUES ('ffffffff-0000-4000-8000-000000000001', '${memory(4)}', '${olivia}');
        INSERT INTO comments (id, memory_id, user_id, body, created_at) VALUES ('ffffffff-0000-4000-8000-000000000002', '${memory(5)}', '${olivia}', 'Lovely', '2025-02-01');
      `);

      await applyMigrations(connection, migrations);

      const memories = await connection.query<{ id: string }>(`SELECT id::text AS id FROM memories ORDER BY id`);
      expect(memories.rows.map((row) => row.id)).toEqual([memory(2), memory(3), memory(4), memory(5)]);
      const moved = await connection.query<Record<string, unknown>>(
        `SELECT id::text AS id, response_id::text AS response_id, order_number, original_key, display_key, thumbnail_key, print_key, width, height, byte_size FROM response_photos`,
      );
      expect(moved.rows).toEqual([
        {
          id: photo(1),
          response_id: response(1),
          order_number: 0,
          original_key: `memories/${memory(1)}/p/original.jpg`,
          display_key: `memories/${memory(1)}/p/display.webp`,
          thumbnail_key: `memories/${memory(1)}/p/thumbnail.webp`,
          print_key: null,
          width: 1200,
          height: 900,
          byte_size: 123456,
        },
      ]);
      const kept = await connection.query<{ memory_id: string }>(`SELECT memory_id::text AS memory_id FROM memory_photos ORDER BY memory_id`);
      expect(kept.rows.map((row) => row.memory_id)).toEqual([memory(2), memory(3), memory(4), memory(5)]);
      // Every answer is still there.
      expect((await connection.query<{ count: number }>(`SELECT count(*)::int AS count FROM responses`)).rows[0]!.count).toBe(5);
    });
  });
});
