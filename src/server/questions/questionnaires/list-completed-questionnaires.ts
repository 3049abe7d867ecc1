import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import {
  questionnaireSelect,
  questionOrder,
  questionSelect,
  responseSelect,
  toQuestionDto,
  toQuestionnaireDto,
  toResponseDto,
  visibleQuestionnairesWhere,
  type QuestionDto,
  type QuestionnaireDto,
  type SubmissionDto,
} from "./questionnaire-dto";

export type CompletedQuestionnaire = { questionnaire: QuestionnaireDto; questions: QuestionDto[]; submissions: SubmissionDto[] };

/**
 * The completed page's data: each questionnaire the viewer has answered, with its questions and
 * the viewer's submissions (oldest first), most recently answered first. One query with its
 * relations, whatever the number of questionnaires.
 */
export async function listCompletedQuestionnaires({ viewer }: { viewer: UserDto }): Promise<CompletedQuestionnaire[]> {
  const prisma = await getDb();
  const rows = await prisma.questionnaire.findMany({
    where: { AND: [visibleQuestionnairesWhere(viewer), { submissions: { some: { user_id: viewer.id } } }] },
    select: {
      ...questionnaireSelect,
      questions: { select: questionSelect, orderBy: questionOrder },
      submissions: {
        where: { user_id: viewer.id },
        select: { id: true, questionnaire_id: true, created_at: true, is_shared: true, responses: { select: responseSelect } },
        orderBy: [{ created_at: "asc" }, { id: "asc" }],
      },
    },
    take: 500,
  });
  const completed = rows.map((row) => ({
    questionnaire: toQuestionnaireDto(row),
    questions: row.questions.map(toQuestionDto),
    submissions: row.submissions.map((submission) => ({
      id: submission.id,
      questionnaire_id: submission.questionnaire_id,
      created_at: submission.created_at.toISOString(),
      is_shared: submission.is_shared,
      responses: submission.responses.map(toResponseDto),
    })),
  }));
  const latest = (entry: CompletedQuestionnaire) => entry.submissions.at(-1)?.created_at ?? "";
  return completed.sort((a, b) => latest(b).localeCompare(latest(a)));
}
