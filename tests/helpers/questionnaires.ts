import { GET as listQuestions } from "@/app/api/questionnaires/[id]/questions/route";
import { POST as addAnswerPhotos } from "@/app/api/questionnaires/responses/[id]/photos/route";
import { POST as saveResponses } from "@/app/api/questionnaires/responses/route";
import { POST as createQuestionnaire, GET as listQuestionnaires } from "@/app/api/questionnaires/route";
import { libraryQuestionId } from "@/server/questions/questionnaires/seed-question-library";
import type { TestAccount } from "./accounts";
import { call } from "./api";
import { jpeg } from "./memories";

// Shortcuts for the questionnaire API, so tests read as the product's description (docs/product.md).

export async function createCustomQuestionnaire(creator: TestAccount, overrides: Record<string, unknown> = {}): Promise<{ id: string; questionIds: string[] }> {
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

/** A photo as a person picks it: a file name, its bytes and the type the browser says. */
export type PickedPhoto = { name: string; bytes: Buffer; type?: string };

/** A form of photos (and any other fields), as the answer's photo controls post it. */
export function photoForm(photos: PickedPhoto[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name);
  return form;
}

/** Small JPEGs of the given colours, named answer-1.jpg, answer-2.jpg…, as a person would pick them. */
export async function pickedPhotos(colors: string[], { width, height }: { width?: number; height?: number } = {}): Promise<PickedPhoto[]> {
  return Promise.all(colors.map(async (color, index) => ({ name: `answer-${index + 1}.jpg`, bytes: await jpeg({ color, width, height }) })));
}

/** Adds photos to one's own answer through the API, as My Completed Questionnaires does. */
export function addAnswerPhotosAs(account: TestAccount | undefined, responseId: string, photos: PickedPhoto[]) {
  return call(addAnswerPhotos, `/api/questionnaires/responses/${responseId}/photos`, {
    token: account?.token,
    body: photoForm(photos),
    params: { id: responseId },
  });
}

/**
 * Margaret's two childhood answers from the built-in library: where she was born ("In Cardiff, in
 * the spring of 1948.") and her earliest memory. Resolves to the saved answers' ids.
 */
export async function answerChildhood(
  account: TestAccount,
  texts = { born: "In Cardiff, in the spring of 1948.", earliest: "The smell of my father's workshop." },
) {
  const saved = await answer(account, [
    { question_id: libraryQuestionId("childhood", "born"), answer_text: texts.born },
    { question_id: libraryQuestionId("childhood", "earliest"), answer_text: texts.earliest },
  ]);
  if (saved.status !== 201) throw new Error(`Answering failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const ids = new Map((saved.body.data.submission.responses as { id: string; question_id: string }[]).map((response) => [response.question_id, response.id]));
  return { bornId: ids.get(libraryQuestionId("childhood", "born"))!, earliestId: ids.get(libraryQuestionId("childhood", "earliest"))! };
}
