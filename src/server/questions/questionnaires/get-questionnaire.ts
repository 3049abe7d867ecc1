import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { setIsFinished } from "./answer-sets";
import {
  QUESTIONNAIRE_NOT_FOUND,
  questionnaireSelect,
  questionOrder,
  questionSelect,
  toQuestionDto,
  toQuestionnaireDto,
  visibleQuestionnairesWhere,
} from "./questionnaire-dto";

/**
 * A questionnaire the viewer may see, with its questions in order, and how many times the viewer
 * has answered it. One the viewer may not see is "not found", exactly like a missing one.
 */
export async function getQuestionnaire({ viewer, questionnaireId }: { viewer: UserDto; questionnaireId: string }) {
  if (!UUID_PATTERN.test(questionnaireId)) throw notFound(QUESTIONNAIRE_NOT_FOUND);
  const prisma = await getDb();
  const row = await prisma.questionnaire.findFirst({
    where: { AND: [{ id: questionnaireId }, visibleQuestionnairesWhere(viewer)] },
    select: {
      ...questionnaireSelect,
      questions: { select: questionSelect, orderBy: questionOrder },
      _count: { select: { submissions: { where: { user_id: viewer.id } } } },
      // The viewer's one set of answers, when the questionnaire takes one (the first, should there be more).
      submissions: { where: { user_id: viewer.id }, orderBy: { created_at: "asc" }, take: 1, select: { responses: { select: { question_id: true } } } },
    },
  });
  if (!row) throw notFound(QUESTIONNAIRE_NOT_FOUND);
  const questions = row.questions.map(toQuestionDto);
  const answered = new Set(row.allow_multiple_responses ? [] : (row.submissions[0]?.responses.map((response) => response.question_id) ?? []));
  return {
    questionnaire: toQuestionnaireDto(row),
    questions,
    ownSubmissionCount: row._count.submissions,
    /**
     * For a questionnaire that takes one set of answers per person: "finished" once the viewer's set
     * answers every required question, "begun" while it lacks some (answered one at a time), else "none".
     */
    ownAnswers:
      row.allow_multiple_responses || row._count.submissions === 0
        ? ("none" as const)
        : setIsFinished(questions, answered)
          ? ("finished" as const)
          : ("begun" as const),
    answeredQuestionIds: [...answered],
  };
}
