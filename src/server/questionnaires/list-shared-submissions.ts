import "server-only";
import { z } from "zod";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/server/db/client";
import { FORMER_MEMBER } from "@/server/families/former-member";
import type { UserDto } from "@/server/users/user-dto";
import { answerSharedSql, visibleSubmissionsSql } from "./answer-visibility";

/** A row as the feed's statement writes it; checked against every row in tests. */
const sharedSubmissionRowSchema = z.strictObject({
  id: z.guid(),
  user_id: z.guid().nullable().meta({ description: "The author; null once they deleted their account and left their shared answers to the family." }),
  created_at: z.date(),
  is_shared: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  questionnaire_id: z.guid(),
  questionnaire_title: z.string(),
  responses: z.array(
    z.strictObject({
      id: z.guid(),
      question_id: z.guid(),
      answer_text: z.string(),
      is_shared: z.boolean(),
      questions: z.strictObject({ question_text: z.string(), questionnaire_id: z.guid() }),
    }),
  ),
});

/** A submission in the feed: its row, with the author and the questionnaire as objects. */
export const sharedSubmissionDtoSchema = sharedSubmissionRowSchema.pick({ id: true, user_id: true, responses: true }).extend({
  created_at: z.iso.datetime(),
  is_shared: z.boolean().meta({ description: "True when the whole submission is shared; false when only some of its answers are." }),
  profiles: z.strictObject({ first_name: z.string(), last_name: z.string() }),
  questionnaires: z.strictObject({ id: z.guid(), title: z.string() }),
});

export type SharedSubmissionDto = z.output<typeof sharedSubmissionDtoSchema>;

/**
 * The family's shared answers grouped by submission, newest first: a shared submission with all
 * its answers, and a submission that is not shared with only the answers shared one by one.
 * One hand-written statement per page (docs/decisions/006-hot-reads-in-sql.md).
 */
export async function listSharedSubmissions({ viewer, page: { limit, cursor } = FIRST_PAGE, authorId }: { viewer: UserDto; page?: Page; authorId?: string }) {
  const visible = visibleSubmissionsSql(viewer);
  if (!visible) return { submissions: [] as SharedSubmissionDto[], next_cursor: null };
  const scope = authorId ? Prisma.sql`${visible} AND s.user_id = ${authorId}::uuid` : visible;
  // A cursor outside this feed has nothing after it.
  const afterCursor = cursor
    ? Prisma.sql`AND (s.created_at, s.id) < (SELECT s.created_at, s.id FROM submissions s LEFT JOIN users author ON author.id = s.user_id
                                                WHERE s.id = ${cursor}::uuid AND ${scope})`
    : Prisma.empty;
  const rows = await queryRows(
    Prisma.sql`
    SELECT s.id, s.user_id, s.created_at, s.is_shared, COALESCE(author.first_name, s.author_name, ${FORMER_MEMBER}) AS first_name, COALESCE(author.last_name, '') AS last_name,
           q.id AS questionnaire_id, q.title AS questionnaire_title,
           COALESCE((SELECT json_agg(json_build_object('id', r.id, 'question_id', r.question_id, 'answer_text', r.answer_text, 'is_shared', r.is_shared,
                                                       'questions', json_build_object('question_text', question.question_text, 'questionnaire_id', question.questionnaire_id))
                                     ORDER BY question.position, r.id)
                       FROM responses r JOIN questions question ON question.id = r.question_id
                      WHERE r.submission_id = s.id AND ${answerSharedSql}), '[]') AS responses
      FROM submissions s
      LEFT JOIN users author ON author.id = s.user_id
      JOIN questionnaires q ON q.id = s.questionnaire_id
     WHERE ${scope} ${afterCursor}
     ORDER BY s.created_at DESC, s.id DESC
     LIMIT ${limit + 1}`,
    sharedSubmissionRowSchema,
  );
  const submissions: SharedSubmissionDto[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    is_shared: row.is_shared,
    profiles: { first_name: row.first_name, last_name: row.last_name },
    questionnaires: { id: row.questionnaire_id, title: row.questionnaire_title },
    responses: row.responses,
  }));
  return { submissions, next_cursor: rows.length > limit ? submissions.at(-1)!.id : null };
}
