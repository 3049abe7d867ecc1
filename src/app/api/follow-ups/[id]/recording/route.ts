// GET|PUT|DELETE /api/follow-ups/{id}/recording – the answer to a "Tell us more" question told out
// loud: read by whoever may read the answer under the story; given, replaced or removed by the
// author it was put to (the body of a PUT is the recording itself, which alone answers a question
// still waiting)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import {
  deleteFollowUpRecording,
  getFollowUpRecording,
  ownAnsweredFollowUpId,
  ownFollowUpId,
  saveFollowUpRecording,
} from "@/server/recordings/follow-up-recording";
import { recordingFileName } from "@/server/recordings/memory-recording";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await getFollowUpRecording({ viewer: user, followUpId: params.id }) }),
);

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const followUpId = await ownFollowUpId(user, params.id);
  const fileName = recordingFileName.parse(new URL(request.url).searchParams.get("name") ?? "");
  const { recording, followUp } = await saveFollowUpRecording({ viewer: user, followUpId, fileName, request });
  // A question still waiting is answered by the recording alone: it comes back answered.
  return followUp ? ok({ recording, follow_up: followUp }, { status: 201 }) : ok({ recording });
});

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) => {
  const followUpId = await ownAnsweredFollowUpId(user, params.id);
  return ok({ recording: await deleteFollowUpRecording({ followUpId }) });
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
