import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";
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
    },
  });
  if (!row) throw notFound(QUESTIONNAIRE_NOT_FOUND);
  return {
    questionnaire: toQuestionnaireDto(row),
    questions: row.questions.map(toQuestionDto),
    ownSubmissionCount: row._count.submissions,
  };
}
