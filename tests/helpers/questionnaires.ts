import { GET as listQuestionnaires, POST as createQuestionnaire } from "@/app/api/questionnaires/route";
import { GET as listQuestions } from "@/app/api/questionnaires/[id]/questions/route";
import { POST as saveResponses } from "@/app/api/questionnaires/responses/route";
import { call } from "./api";
import type { TestAccount } from "./accounts";

// Shortcuts for the questionnaire API, so tests read as the product's description (docs/product.md).

export async function createCustomQuestionnaire(
  creator: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; questionIds: string[] }> {
  const result = await call(createQuestionnaire, "/api/questionnaires", {
    token: creator.token,
    body: {
      title: "Summer at the lake",
      description: "The holidays at Grandpa's cabin.",
      audience: "FAMILY_WIDE",
      questions: [
        { question_text: "Who came along?", input_type: "text", is_required: true, tempId: "q-1" },
        { question_text: "What did you cook?", description: "Recipes welcome.", input_type: "textarea", is_required: false, tempId: "q-2" },
      ],
      ...overrides,
    },
  });
  if (result.status !== 201) throw new Error(`Creating a questionnaire failed: ${result.status} ${JSON.stringify(result.body)}`);
  const id = result.body.data.questionnaire.id as string;
  const questions = await call(listQuestions, `/api/questionnaires/${id}/questions`, { token: creator.token, params: { id } });
  return { id, questionIds: questions.body.data.questions.map((question: { id: string }) => question.id) };
}

export async function visibleQuestionnaireIds(account: TestAccount) {
  const result = await call(listQuestionnaires, "/api/questionnaires", { token: account.token });
  return (result.body.data.questionnaires as { id: string }[]).map((questionnaire) => questionnaire.id);
}

export function answer(account: TestAccount, responses: { question_id: string; answer_text: string }[]) {
  return call(saveResponses, "/api/questionnaires/responses", { token: account.token, body: { responses } });
}
