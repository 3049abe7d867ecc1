import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

// Answers given before a submission's switch set every answer in it
// (docs/decisions/015-one-switch-per-answer.md): what the family could see stays exactly what
// it could see, and each switch now says so.

const visibleSql = `SELECT r.id FROM responses r JOIN submissions s ON s.id = r.submission_id WHERE s.is_shared OR r.is_shared ORDER BY r.id`;

describe(`the answers_follow_their_submission migration on the ${backendName} database`, () => {
  it("marks the answers of shared submissions shared, and submissions whose answers are all shared, without changing what anyone sees", async () => {
    await withEmptyDatabase(async (connection) => {
      const migrations = readMigrations();
      const index = migrations.findIndex((migration) => migration.name.endsWith("_answers_follow_their_submission"));
      expect(index).toBeGreaterThan(0);
      await applyMigrations(connection, migrations.slice(0, index));

      const family = "11111111-1111-4111-8111-111111111111";
      const user = "aaaaaaaa-0000-4000-8000-000000000001";
      const questionnaire = "bbbbbbbb-0000-4000-8000-000000000001";
      const question = (n: number) => `cccccccc-0000-4000-8000-00000000000${n}`;
      const submission = (n: number) => `dddddddd-0000-4000-8000-00000000000${n}`;
      const response = (s: number, n: number) => `eeeeeeee-0000-4000-8000-0000000000${s}${n}`;
      await connection.exec(`
        INSERT INTO families (id, name) VALUES ('${family}', 'The Hughes Family');
        INSERT INTO users (id, email, email_normalized, first_name, last_name, family_id, created_at, updated_at)
          VALUES ('${user}', 'margaret@x.test', 'margaret@x.test', 'Margaret', 'Hughes', '${family}', now(), now());
        INSERT INTO questionnaires (id, title, audience, family_id, created_by_id) VALUES ('${questionnaire}', 'Ours', 'FAMILY_WIDE', '${family}', '${user}');
        INSERT INTO questions (id, questionnaire_id, question_text, position) VALUES ('${question(1)}', '${questionnaire}', 'One?', 0), ('${question(2)}', '${questionnaire}', 'Two?', 1);
        -- 1: shared as a whole, one answer's own switch off.  2: private, one answer shared alone.
        -- 3: private, both answers shared one by one.         4: private, nothing shared.
        INSERT INTO submissions (id, questionnaire_id, user_id, family_id, is_shared) VALUES
          ('${submission(1)}', '${questionnaire}', '${user}', '${family}', true),
          ('${submission(2)}', '${questionnaire}', '${user}', '${family}', false),
          ('${submission(3)}', '${questionnaire}', '${user}', '${family}', false),
          ('${submission(4)}', '${questionnaire}', '${user}', '${family}', false);
        INSERT INTO responses (id, submission_id, question_id, answer_text, is_shared) VALUES
          ('${response(1, 1)}', '${submission(1)}', '${question(1)}', 'a', true),
          ('${response(1, 2)}', '${submission(1)}', '${question(2)}', 'b', false),
          ('${response(2, 1)}', '${submission(2)}', '${question(1)}', 'c', true),
          ('${response(2, 2)}', '${submission(2)}', '${question(2)}', 'd', false),
          ('${response(3, 1)}', '${submission(3)}', '${question(1)}', 'e', true),
          ('${response(3, 2)}', '${submission(3)}', '${question(2)}', 'f', true),
          ('${response(4, 1)}', '${submission(4)}', '${question(1)}', 'g', false);
      `);
      const visibleBefore = (await connection.query<{ id: string }>(visibleSql)).rows;

      await applyMigrations(connection, migrations);

      expect((await connection.query<{ id: string }>(visibleSql)).rows).toEqual(visibleBefore);
      const { rows: submissions } = await connection.query<{ id: string; is_shared: boolean }>("SELECT id, is_shared FROM submissions ORDER BY id");
      expect(submissions.map((row) => row.is_shared)).toEqual([true, false, true, false]);
      const { rows: responses } = await connection.query<{ id: string; is_shared: boolean }>("SELECT id, is_shared FROM responses ORDER BY id");
      expect(responses.map((row) => row.is_shared)).toEqual([true, true, true, false, true, true, false]);
    });
  });
});
