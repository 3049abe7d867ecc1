import "server-only";
import { z } from "zod";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { authorProfile } from "@/server/family/members/former-member";
import { getDb } from "@/server/platform/db/client";
import { afterCreatedRow, pageOf } from "@/server/platform/db/keyset";
import { answerRecordingDto, answerRecordingSelect } from "@/server/recordings/answer-recording";
import { answerPhotosSelect, toAnswerPhotoDtos } from "./answer-photos";
import { visibleAnswersWhere } from "./answer-visibility";
import { responseDtoSchema } from "./questionnaire-dto";

/** One answer in the feed, with its author, its question and the question's questionnaire. */
export const sharedResponseDtoSchema = responseDtoSchema.extend({
  user_id: z.guid().nullable().meta({ description: "The author; null once they deleted their account and left their shared answers to the family." }),
  profiles: z.strictObject({ first_name: z.string(), last_name: z.string() }),
  questions: z.strictObject({
    id: z.guid(),
    question_text: z.string(),
    questionnaire_id: z.guid(),
    questionnaires: z.strictObject({ id: z.guid(), title: z.string() }),
  }),
});

export type SharedResponseDto = z.output<typeof sharedResponseDtoSchema>;

/**
 * Every answer the family may read, one by one, newest first: the same answers as the shared
 * submissions feed (shared themselves, or part of a shared submission), not grouped.
 */
export async function listSharedResponses({ viewer, page: { limit, cursor } = FIRST_PAGE }: { viewer: UserDto; page?: Page }) {
  const visible = visibleAnswersWhere(viewer);
  if (!visible) return { responses: [] as SharedResponseDto[], next_cursor: null };
  const prisma = await getDb();
  // After the cursor by the one paging rule (platform/db/keyset.ts): a cursor not in this list has nothing after it.
  const cursorRow = cursor ? await prisma.response.findFirst({ where: { AND: [visible, { id: cursor }] }, select: { created_at: true, id: true } }) : null;
  if (cursor && !cursorRow) return { responses: [] as SharedResponseDto[], next_cursor: null };
  const rows = await prisma.response.findMany({
    where: cursorRow ? { AND: [visible, afterCreatedRow(cursorRow)] } : visible,
    select: {
      id: true,
      question_id: true,
      answer_text: true,
      is_shared: true,
      submission_id: true,
      created_at: true,
      photos: answerPhotosSelect,
      recording: answerRecordingSelect,
      submission: { select: { user_id: true, author_name: true, user: { select: { first_name: true, last_name: true } } } },
      question: { select: { id: true, question_text: true, questionnaire_id: true, questionnaire: { select: { id: true, title: true } } } },
    },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit);
  const responses: SharedResponseDto[] = page.items.map((row) => ({
    id: row.id,
    question_id: row.question_id,
    answer_text: row.answer_text,
    is_shared: row.is_shared,
    submission_id: row.submission_id,
    user_id: row.submission.user_id,
    created_at: row.created_at.toISOString(),
    photos: toAnswerPhotoDtos(row.id, row.photos),
    recording: answerRecordingDto(row.id, row.recording),
    profiles: authorProfile(row.submission.user, row.submission.author_name),
    questions: {
      id: row.question.id,
      question_text: row.question.question_text,
      questionnaire_id: row.question.questionnaire_id,
      questionnaires: { id: row.question.questionnaire.id, title: row.question.questionnaire.title },
    },
  }));
  return { responses, next_cursor: page.next_cursor };
}
