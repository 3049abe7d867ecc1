import "server-only";
import { z } from "zod";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import { getDb } from "@/server/db/client";
import { authorProfile } from "@/server/families/former-member";
import type { UserDto } from "@/server/users/user-dto";
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
  const rows = await prisma.response.findMany({
    where: visible,
    select: {
      id: true,
      question_id: true,
      answer_text: true,
      is_shared: true,
      submission_id: true,
      created_at: true,
      submission: { select: { user_id: true, author_name: true, user: { select: { first_name: true, last_name: true } } } },
      question: { select: { id: true, question_text: true, questionnaire_id: true, questionnaire: { select: { id: true, title: true } } } },
    },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const pageRows = rows.slice(0, limit);
  const responses: SharedResponseDto[] = pageRows.map((row) => ({
    id: row.id,
    question_id: row.question_id,
    answer_text: row.answer_text,
    is_shared: row.is_shared,
    submission_id: row.submission_id,
    user_id: row.submission.user_id,
    created_at: row.created_at.toISOString(),
    profiles: authorProfile(row.submission.user, row.submission.author_name),
    questions: {
      id: row.question.id,
      question_text: row.question.question_text,
      questionnaire_id: row.question.questionnaire_id,
      questionnaires: { id: row.question.questionnaire.id, title: row.question.questionnaire.title },
    },
  }));
  return { responses, next_cursor: rows.length > limit ? pageRows.at(-1)!.id : null };
}
