import "server-only";
import { ALREADY_ANSWERED, answerProblem, type SaveResponsesValues } from "@/lib/schemas/questionnaires";
import { getDb } from "@/server/db/client";
import { AppError, notFound, type FieldErrors } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";
import { QUESTIONNAIRE_NOT_FOUND, questionOrder, responseSelect, toResponseDto, visibleQuestionnairesWhere, type SubmissionDto } from "./questionnaire-dto";

export const ONE_QUESTIONNAIRE_ONLY = "All answers must belong to one questionnaire.";
export const DUPLICATE_ANSWER = "Each question can be answered only once per submission.";

/**
 * Saves one submission with its answers, in one transaction (docs/product.md §3 saved answers payload).
 * Every question must belong to one questionnaire the viewer may see; required questions need an
 * answer; any answer given must be detailed enough. Blank optional answers are not stored.
 */
export async function saveResponses({ viewer, input: { responses } }: { viewer: UserDto; input: SaveResponsesValues }): Promise<SubmissionDto> {
  const questionIds = responses.map((response) => response.question_id);
  if (new Set(questionIds).size !== questionIds.length) throw new AppError("BAD_REQUEST", DUPLICATE_ANSWER);

  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const answered = await tx.question.findMany({
      where: { id: { in: questionIds }, questionnaire: visibleQuestionnairesWhere(viewer) },
      select: { questionnaire_id: true },
    });
    // A question that is missing or belongs to a questionnaire the viewer may not see: not found.
    if (answered.length !== questionIds.length) throw notFound(QUESTIONNAIRE_NOT_FOUND);
    const questionnaireIds = new Set(answered.map((question) => question.questionnaire_id));
    if (questionnaireIds.size !== 1) throw new AppError("BAD_REQUEST", ONE_QUESTIONNAIRE_ONLY);
    const [questionnaireId] = [...questionnaireIds] as [string];
    // Two submits racing (a double click, two tabs) must not both pass the one-answer rule below.
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`submission:${viewer.id}:${questionnaireId}`}))) AS acquired`;

    const questionnaire = await tx.questionnaire.findUniqueOrThrow({
      where: { id: questionnaireId },
      select: {
        allow_multiple_responses: true,
        questions: { select: { id: true, is_required: true }, orderBy: questionOrder },
        _count: { select: { submissions: { where: { user_id: viewer.id } } } },
      },
    });
    if (!questionnaire.allow_multiple_responses && questionnaire._count.submissions > 0) {
      throw new AppError("CONFLICT", ALREADY_ANSWERED);
    }

    const answerByQuestion = new Map(responses.map((response) => [response.question_id, response.answer_text.trim()]));
    const fieldErrors: FieldErrors = {};
    for (const question of questionnaire.questions) {
      const problem = answerProblem(answerByQuestion.get(question.id), question.is_required);
      if (problem) fieldErrors[question.id] = [problem];
    }
    const problems = Object.values(fieldErrors);
    if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]![0]!, fieldErrors);

    const given = questionnaire.questions.filter((question) => answerByQuestion.get(question.id));
    if (given.length === 0) throw new AppError("BAD_REQUEST", "Please answer at least one question.");

    const submission = await tx.submission.create({
      data: {
        questionnaire_id: questionnaireId,
        user_id: viewer.id,
        family_id: viewer.family_id,
        responses: {
          create: given.map((question) => ({ question_id: question.id, answer_text: answerByQuestion.get(question.id)! })),
        },
      },
      select: { id: true, questionnaire_id: true, created_at: true, is_shared: true, responses: { select: responseSelect } },
    });
    return {
      id: submission.id,
      questionnaire_id: submission.questionnaire_id,
      created_at: submission.created_at.toISOString(),
      is_shared: submission.is_shared,
      responses: submission.responses.map(toResponseDto),
    };
  });
}
