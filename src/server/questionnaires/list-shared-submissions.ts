import "server-only";
import { feedPageSchema } from "@/lib/schemas/questionnaires";
import { getDb } from "@/server/db/client";
import type { UserDto } from "@/server/users/user-dto";
import { familySubmissionsWhere, isAnswerVisible } from "./shared-answers";

export type SharedSubmissionDto = {
  id: string;
  user_id: string;
  created_at: string;
  /** True when the whole submission is shared; false when only some of its answers are. */
  is_shared: boolean;
  profiles: { first_name: string; last_name: string };
  questionnaires: { id: string; title: string };
  responses: { id: string; question_id: string; answer_text: string; is_shared: boolean; questions: { question_text: string; questionnaire_id: string } }[];
};

/**
 * The family's shared answers grouped by submission, newest first: a shared submission with all
 * its answers, and a submission that is not shared with only the answers shared one by one.
 */
export async function listSharedSubmissions({ viewer, page, authorId }: { viewer: UserDto; page?: unknown; authorId?: string }) {
  const { limit, cursor } = feedPageSchema.parse(page ?? {});
  const family = familySubmissionsWhere(viewer);
  if (!family) return { submissions: [] as SharedSubmissionDto[], next_cursor: null };
  const prisma = await getDb();
  const rows = await prisma.submission.findMany({
    where: {
      AND: [family, { OR: [{ is_shared: true }, { responses: { some: { is_shared: true } } }] }, ...(authorId ? [{ user_id: authorId }] : [])],
    },
    select: {
      id: true,
      user_id: true,
      created_at: true,
      is_shared: true,
      user: { select: { first_name: true, last_name: true } },
      questionnaire: { select: { id: true, title: true } },
      responses: {
        select: { id: true, question_id: true, answer_text: true, is_shared: true, question: { select: { question_text: true, questionnaire_id: true } } },
        orderBy: [{ question: { position: "asc" } }, { id: "asc" }],
      },
    },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const pageRows = rows.slice(0, limit);
  const submissions: SharedSubmissionDto[] = pageRows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    is_shared: row.is_shared,
    profiles: { first_name: row.user.first_name, last_name: row.user.last_name },
    questionnaires: { id: row.questionnaire.id, title: row.questionnaire.title },
    responses: row.responses
      .filter((response) => isAnswerVisible(row, response))
      .map((response) => ({
        id: response.id,
        question_id: response.question_id,
        answer_text: response.answer_text,
        is_shared: response.is_shared,
        questions: { question_text: response.question.question_text, questionnaire_id: response.question.questionnaire_id },
      })),
  }));
  return { submissions, next_cursor: rows.length > limit ? pageRows.at(-1)!.id : null };
}
