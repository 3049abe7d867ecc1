import "server-only";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import type { UserDto } from "@/server/users/user-dto";
import { questionDtoSchema, questionnaireDtoSchema, questionnaireSelect, questionOrder, questionSelect, toQuestionDto, toQuestionnaireDto } from "./questionnaire-dto";

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
 * The first library question, in the library's order, that the viewer has not answered and can
 * still answer: its questionnaire takes another submission from them (not answered yet, or
 * answered again and again). Null when there is none left. Only the viewer's own answers count.
 */
export async function pickQuestionToAsk({ viewer }: { viewer: UserDto }): Promise<QuestionToAskDto | null> {
  const prisma = await getDb();
  const questionnaires = await prisma.questionnaire.findMany({
    where: {
      audience: "GLOBAL",
      OR: [{ allow_multiple_responses: true }, { submissions: { none: { user_id: viewer.id } } }],
    },
    select: {
      ...questionnaireSelect,
      questions: { select: { ...questionSelect, responses: { where: { submission: { user_id: viewer.id } }, select: { id: true }, take: 1 } }, orderBy: questionOrder },
    },
    orderBy: [{ library_position: "asc" }, { id: "asc" }],
  });
  for (const { questions, ...questionnaire } of questionnaires) {
    const position = questions.findIndex((question) => question.responses.length === 0);
    if (position === -1) continue;
    return { question: toQuestionDto(questions[position]!), position, questionnaire: toQuestionnaireDto(questionnaire) };
  }
  return null;
}
