// GET|PUT|DELETE /api/questionnaires/responses/{id}/recording – an answer told out loud: read by
// whoever may read the answer; given, replaced or removed by its author (the body of a PUT is the recording itself)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { ownAnswerId } from "@/server/questions/questionnaires/answer-photos";
import { deleteAnswerRecording, getAnswerRecording, saveAnswerRecording } from "@/server/recordings/answer-recording";
import { recordingFileName } from "@/server/recordings/memory-recording";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await getAnswerRecording({ viewer: user, responseId: params.id }) }),
);

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  const fileName = recordingFileName.parse(new URL(request.url).searchParams.get("name") ?? "");
  return ok({ recording: await saveAnswerRecording({ responseId, fileName, request }) });
});

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  return ok({ recording: await deleteAnswerRecording({ responseId }) });
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
