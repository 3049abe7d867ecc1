import "server-only";
import { ALREADY_ANSWERED, answerProblem, QUESTION_ALREADY_ANSWERED, type SaveResponsesValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound, type FieldErrors } from "@/server/platform/http/app-error";
import { findOnlyAnswerSet, lockAnswerSets, setIsFinished } from "./answer-sets";
import { QUESTIONNAIRE_NOT_FOUND, questionOrder, responseSelect, toResponseDto, visibleQuestionnairesWhere, type SubmissionDto } from "./questionnaire-dto";

export const ONE_QUESTIONNAIRE_ONLY = "All answers must belong to one questionnaire.";
export const DUPLICATE_ANSWER = "Each question can be answered only once per submission.";

/**
 * Saves one submission with its answers, in one transaction (docs/product.md §3 saved answers payload).
 * Every question must belong to one questionnaire the viewer may see; required questions need an
 * answer; any answer given must be detailed enough. Blank optional answers are not stored. To a
 * questionnaire that takes one set per person and already holds some of their answers, the answers
 * to its other questions are added to that set.
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
    await lockAnswerSets(tx, viewer.id, questionnaireId);

    const questionnaire = await tx.questionnaire.findUniqueOrThrow({
      where: { id: questionnaireId },
      select: { id: true, allow_multiple_responses: true, questions: { select: { id: true, is_required: true }, orderBy: questionOrder } },
    });
    // A questionnaire that takes one set of answers per person: a set begun one answer at a time
    // (Ask a Question, weekly questions) is completed here; a finished set takes no more.
    const set = await findOnlyAnswerSet(tx, { personId: viewer.id, questionnaire });
    if (set && setIsFinished(questionnaire.questions, set.answered)) throw new AppError("CONFLICT", ALREADY_ANSWERED);
    const open = questionnaire.questions.filter((question) => !set?.answered.has(question.id));
    if (set && responses.some((response) => set.answered.has(response.question_id))) throw new AppError("CONFLICT", QUESTION_ALREADY_ANSWERED);

    const answerByQuestion = new Map(responses.map((response) => [response.question_id, response.answer_text.trim()]));
    const fieldErrors: FieldErrors = {};
    for (const question of open) {
      const problem = answerProblem(answerByQuestion.get(question.id), question.is_required);
      if (problem) fieldErrors[question.id] = [problem];
    }
    const problems = Object.values(fieldErrors);
    if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]![0]!, fieldErrors);

    const given = open.filter((question) => answerByQuestion.get(question.id));
    if (given.length === 0) throw new AppError("BAD_REQUEST", "Please answer at least one question.");

    const answers = given.map((question) => ({ question_id: question.id, answer_text: answerByQuestion.get(question.id)! }));
    const select = { id: true, questionnaire_id: true, created_at: true, is_shared: true, responses: { select: responseSelect } } as const;
    const submission = set
      ? await tx.submission.update({ where: { id: set.id }, data: { responses: { create: answers } }, select })
      : await tx.submission.create({
          data: { questionnaire_id: questionnaireId, user_id: viewer.id, family_id: viewer.family_id, responses: { create: answers } },
          select,
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
