// PUT /api/questionnaires/responses/{id}/recording/transcript – the author writes down, corrects or
// clears the words of their answer's recording (docs/decisions/042-transcripts.md)
import { transcriptSchema } from "@/lib/schemas/recordings";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { ownAnswerId } from "@/server/questions/questionnaires/answer-photos";
import { saveAnswerTranscript } from "@/server/recordings/answer-recording";

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  const { transcript } = transcriptSchema.parse(await readJson(request));
  return ok({ recording: await saveAnswerTranscript({ responseId, transcript }) });
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
