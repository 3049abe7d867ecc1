import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { answerProblem, QUESTION_ALREADY_ANSWERED, type AnswerOneQuestionValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { findOnlyAnswerSet, lockAnswerSets } from "./answer-sets";
import { QUESTION_NOT_FOUND, responseSelect, toResponseDto, visibleQuestionnairesWhere, type ResponseDto } from "./questionnaire-dto";

/**
 * One answer saved on its own (docs/product.md §2, Ask a Question): to any question the person may
 * answer, without the questionnaire's other questions. It joins the person's one set of answers when
 * the questionnaire takes one (answering the same question twice there is 409), or starts a set of
 * its own; it is listed under My Completed Questionnaires like any other answer, private until shared.
 */
export async function answerOneQuestion({ viewer, input }: { viewer: UserDto; input: AnswerOneQuestionValues }): Promise<{ response: ResponseDto }> {
  const problem = answerProblem(input.answer_text, true);
  if (problem) throw new AppError("BAD_REQUEST", problem, { answer_text: [problem] });
  if (!UUID_PATTERN.test(input.question_id)) throw notFound(QUESTION_NOT_FOUND);
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const question = await tx.question.findFirst({
      where: { id: input.question_id, questionnaire: visibleQuestionnairesWhere(viewer) },
      select: { id: true, questionnaire: { select: { id: true, allow_multiple_responses: true } } },
    });
    if (!question) throw notFound(QUESTION_NOT_FOUND);
    await lockAnswerSets(tx, viewer.id, question.questionnaire.id);
    const set = await findOnlyAnswerSet(tx, { personId: viewer.id, questionnaire: question.questionnaire });
    if (set?.answered.has(question.id)) throw new AppError("CONFLICT", QUESTION_ALREADY_ANSWERED);
    const at = now();
    const submissionId =
      set?.id ??
      (
        await tx.submission.create({
          data: { questionnaire_id: question.questionnaire.id, user_id: viewer.id, family_id: viewer.family_id, created_at: at },
          select: { id: true },
        })
      ).id;
    const response = await tx.response.create({
      data: { submission_id: submissionId, question_id: question.id, answer_text: input.answer_text.trim(), created_at: at },
      select: responseSelect,
    });
    return { response: toResponseDto(response) };
  });
}
