import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { authorNameSql } from "@/server/family/members/former-member";
import { queryRows } from "@/server/platform/db/client";
import { afterCursorSql, pageOf } from "@/server/platform/db/keyset";
import { toAnswerRecordingDto } from "@/server/recordings/answer-recording";
import { RECORDING_JSON_SQL, recordingDtoSchema, recordingRecordSchema } from "@/server/recordings/recording-dto";
import { answerPhotoDtoSchema, toAnswerPhotoDtos } from "./answer-photos";
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
      photos: z.array(z.strictObject({ id: z.guid(), order_number: z.int(), width: z.int(), height: z.int() })),
      recording: recordingRecordSchema.nullable(),
    }),
  ),
});

/** An answer in the feed, its photos and recording at the app's addresses (answer-photos.ts, answer-recording.ts). */
const sharedAnswerDtoSchema = sharedSubmissionRowSchema.shape.responses.element.extend({
  photos: z.array(answerPhotoDtoSchema),
  recording: recordingDtoSchema.nullable(),
});

/** A submission in the feed: its row, with the author and the questionnaire as objects. */
export const sharedSubmissionDtoSchema = sharedSubmissionRowSchema.pick({ id: true, user_id: true }).extend({
  responses: z.array(sharedAnswerDtoSchema),
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
  // After the cursor by the one paging rule (platform/db/keyset.ts).
  const after = afterCursorSql({
    cursor,
    key: ["s.created_at", "s.id"],
    from: Prisma.sql`submissions s LEFT JOIN users author ON author.id = s.user_id`,
    where: scope,
  });
  const afterCursor = after ? Prisma.sql`AND ${after}` : Prisma.empty;
  const authorName = authorNameSql("author", "s.author_name");
  const rows = await queryRows(
    Prisma.sql`
    SELECT s.id, s.user_id, s.created_at, s.is_shared, ${authorName.first_name} AS first_name, ${authorName.last_name} AS last_name,
           q.id AS questionnaire_id, q.title AS questionnaire_title,
           COALESCE((SELECT json_agg(json_build_object('id', r.id, 'question_id', r.question_id, 'answer_text', r.answer_text, 'is_shared', r.is_shared,
                                                       'questions', json_build_object('question_text', question.question_text, 'questionnaire_id', question.questionnaire_id),
                                                       'photos', COALESCE((SELECT json_agg(json_build_object('id', p.id, 'order_number', p.order_number, 'width', p.width, 'height', p.height) ORDER BY p.order_number, p.id)
                                                                             FROM response_photos p WHERE p.response_id = r.id), '[]'),
                                                       'recording', (SELECT ${Prisma.raw(RECORDING_JSON_SQL)} FROM recordings rec WHERE rec.response_id = r.id))
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
  const page = pageOf(rows, limit);
  const submissions: SharedSubmissionDto[] = page.items.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    is_shared: row.is_shared,
    profiles: { first_name: row.first_name, last_name: row.last_name },
    questionnaires: { id: row.questionnaire_id, title: row.questionnaire_title },
    responses: row.responses.map((response) => ({
      ...response,
      photos: toAnswerPhotoDtos(response.id, response.photos),
      recording: toAnswerRecordingDto(response.id, response.recording),
    })),
  }));
  return { submissions, next_cursor: page.next_cursor };
}
