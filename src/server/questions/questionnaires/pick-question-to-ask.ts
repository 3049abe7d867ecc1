import "server-only";
import { z } from "zod";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { setIsFinished } from "./answer-sets";
import {
  questionDtoSchema,
  questionnaireDtoSchema,
  questionnaireSelect,
  questionOrder,
  questionSelect,
  toQuestionDto,
  toQuestionnaireDto,
} from "./questionnaire-dto";

// Ask a Question for a member (docs/product.md §2): one question of the built-in library they
// have not answered yet, to answer now.

export const questionToAskDtoSchema = z.strictObject({
  question: questionDtoSchema,
  /** Where the question stands in its questionnaire, from 0: its place in the answering form. */
  position: z.number().int().min(0),
  questionnaire: questionnaireDtoSchema,
});

export type QuestionToAskDto = z.output<typeof questionToAskDtoSchema>;

/**
 * The first library question, in the library's order, that the viewer has not answered, of a
 * questionnaire they are not done with (one that takes one set of answers is done with once that
 * set is finished): it is saved on its own (answer-one-question.ts), into their set of answers to
 * its questionnaire. Null when there is none left. Only the viewer's own answers count.
 */
export async function pickQuestionToAsk({ viewer }: { viewer: UserDto }): Promise<QuestionToAskDto | null> {
  const prisma = await getDb();
  const questionnaires = await prisma.questionnaire.findMany({
    // A questionnaire answered already still offers the questions its set of answers lacks.
    where: { audience: "GLOBAL" },
    select: {
      ...questionnaireSelect,
      questions: {
        select: { ...questionSelect, responses: { where: { submission: { user_id: viewer.id } }, select: { id: true }, take: 1 } },
        orderBy: questionOrder,
      },
    },
    orderBy: [{ library_position: "asc" }, { id: "asc" }],
  });
  for (const { questions, ...questionnaire } of questionnaires) {
    // One that takes one set of answers, and whose set is finished, is done with: it is not offered again.
    const answered = new Set(questions.filter((question) => question.responses.length > 0).map((question) => question.id));
    if (!questionnaire.allow_multiple_responses && answered.size > 0 && setIsFinished(questions, answered)) continue;
    const position = questions.findIndex((question) => question.responses.length === 0);
    if (position === -1) continue;
    return { question: toQuestionDto(questions[position]!), position, questionnaire: toQuestionnaireDto(questionnaire) };
  }
  return null;
}
