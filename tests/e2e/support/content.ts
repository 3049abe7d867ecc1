import { expect, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

// Memories and answers made through the API, for tests about the screens that show them.

export const photoBytes = (color: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

const colors = ["#c0392b", "#2e86de", "#27ae60", "#8e44ad", "#f39c12"];

export async function createMemory(
  request: APIRequestContext,
  fields: { title: string; date?: string; shared?: boolean; photos?: { width: number; height: number }[] | number; content?: string; tagged?: string[] },
) {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("content", fields.content ?? `The story of ${fields.title}.`);
  form.append("memory_date", fields.date ?? "2019-06-01");
  form.append("is_shared", String(fields.shared ?? false));
  for (const id of fields.tagged ?? []) form.append("taggedUserIds", id);
  const photos = typeof fields.photos === "number" ? Array.from({ length: fields.photos }, () => ({ width: 800, height: 600 })) : (fields.photos ?? []);
  for (const [index, size] of photos.entries()) {
    const bytes = await photoBytes(colors[index % colors.length]!, size.width, size.height);
    form.append("photos", new File([new Uint8Array(bytes)], `photo-${index + 1}.jpg`, { type: "image/jpeg" }));
  }
  const response = await request.post("/api/memories", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.memory as { id: string; title: string; memory_photos: { id: string }[] };
}

/** Answers the first `count` questions of a library questionnaire; returns the submission. */
export async function answerQuestionnaire(request: APIRequestContext, questionnaireTitle: string, answerPrefix = "An answer", count?: number) {
  const list = await (await request.get("/api/questionnaires")).json();
  const questionnaire = list.data.questionnaires.find((candidate: { title: string }) => candidate.title === questionnaireTitle);
  expect(questionnaire, `no questionnaire called ${questionnaireTitle}`).toBeTruthy();
  const questions = (await (await request.get(`/api/questionnaires/${questionnaire.id}/questions`)).json()).data.questions as { id: string }[];
  const saved = await request.post("/api/questionnaires/responses", {
    data: {
      responses: questions
        .slice(0, count ?? questions.length)
        .map((question, index) => ({ question_id: question.id, answer_text: `${answerPrefix} ${index + 1}` })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return {
    questionnaireId: questionnaire.id as string,
    submission: (await saved.json()).data.submission as { id: string; responses: { id: string; question_id: string }[] },
  };
}

export async function shareSubmission(request: APIRequestContext, submissionId: string, isShared = true) {
  const response = await request.patch(`/api/questionnaires/submissions/${submissionId}/toggle-shared`, { data: { is_shared: isShared } });
  expect(response.status(), await response.text()).toBe(200);
}
