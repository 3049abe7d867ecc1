// POST /api/weekly-questions/answer/photos – the emailed link adds photos to the answer it gave (multipart: "token" and "photos"; at most 5 in all)
import { answerLinkTokenSchema } from "@/lib/schemas/weekly-questions";
import { readMemoryForm } from "@/server/memories/parse-memory-form";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute } from "@/server/platform/http/route";
import { addAnswerPhotos, signedAnswerPhotos } from "@/server/questions/questionnaires/answer-photos";
import { answerOfLink } from "@/server/questions/weekly-questions/answer-weekly-question";

export const POST = publicRoute(async ({ request }) => {
  const form = await readMemoryForm(request, "photos");
  const { token } = answerLinkTokenSchema.parse({ token: form.fields.get("token")?.[0] });
  const responseId = await answerOfLink(token);
  await addAnswerPhotos({ responseId, files: form.files });
  // The page of the link has no session: its photos are shown at short-lived signed addresses.
  return ok({ photos: await signedAnswerPhotos(responseId) }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
