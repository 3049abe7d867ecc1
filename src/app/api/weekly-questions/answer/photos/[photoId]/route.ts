// DELETE /api/weekly-questions/answer/photos/{photoId} – the emailed link removes one photo of the answer it gave ({ "token": "…" })
import { answerLinkTokenSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute, readJson } from "@/server/platform/http/route";
import { removeAnswerPhoto, signedAnswerPhotos } from "@/server/questions/questionnaires/answer-photos";
import { answerOfLink } from "@/server/questions/weekly-questions/answer-weekly-question";

export const DELETE = publicRoute<{ photoId: string }>(async ({ request, params }) => {
  const { token } = answerLinkTokenSchema.parse(await readJson(request));
  const responseId = await answerOfLink(token);
  await removeAnswerPhoto({ responseId, photoId: params.photoId });
  return ok({ photos: await signedAnswerPhotos(responseId) });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
