import type { PrismaClient } from "@/generated/prisma/client";
import { stableUuid } from "@/lib/stable-id";
import { questionLibrary } from "./question-library";

export const libraryQuestionnaireId = (slug: string) => stableUuid(`questionnaire:${slug}`);
export const libraryQuestionId = (questionnaireSlug: string, questionSlug: string) => stableUuid(`question:${questionnaireSlug}:${questionSlug}`);

/** Writes the built-in questionnaires; running it again changes nothing but edited wording. */
export async function seedQuestionLibrary(prisma: PrismaClient) {
  await prisma.$transaction(async (tx) => {
    for (const [position, questionnaire] of questionLibrary.entries()) {
      const id = libraryQuestionnaireId(questionnaire.slug);
      const fields = {
        title: questionnaire.title,
        description: questionnaire.description,
        allow_multiple_responses: questionnaire.allowMultipleResponses ?? false,
        library_position: position,
      };
      await tx.questionnaire.upsert({
        where: { id },
        create: { id, audience: "GLOBAL", ...fields },
        update: fields,
      });
      for (const [questionPosition, question] of questionnaire.questions.entries()) {
        const questionId = libraryQuestionId(questionnaire.slug, question.slug);
        const questionFields = {
          question_text: question.text,
          description: question.description ?? null,
          input_type: question.inputType ?? "text",
          is_required: question.required ?? false,
          position: questionPosition,
        };
        await tx.question.upsert({
          where: { id: questionId },
          create: { id: questionId, questionnaire_id: id, ...questionFields },
          update: questionFields,
        });
      }
    }
  });
}
