// GET /api/questionnaires/responses/{id}/recording/audio – the recording of an answer the reader may
// hear: a redirect to a short-lived address that answers byte ranges (?copy=playable for the AAC/MP4 copy)
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { answerRecordingUrl } from "@/server/recordings/answer-recording";
import { recordingCopySchema } from "@/server/recordings/recording-dto";

export const GET = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const copy = recordingCopySchema.parse(new URL(request.url).searchParams.get("copy") ?? undefined);
  const url = await answerRecordingUrl({ viewer: user, responseId: params.id, playable: copy === "playable" });
  // The signed address stays the same for a while (downloadUrlSigning): the browser may keep this answer as long.
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "private, max-age=600" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
