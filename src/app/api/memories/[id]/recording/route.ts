// GET|PUT|DELETE /api/memories/{id}/recording – a memory told out loud: heard by whoever may read
// the memory; given, replaced or removed by its author (the body of a PUT is the recording itself)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { deleteMemoryRecording, getMemoryRecording, recordingFileName, saveMemoryRecording } from "@/server/recordings/memory-recording";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await getMemoryRecording({ viewer: user, memoryId: params.id }) }),
);

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const fileName = recordingFileName.parse(new URL(request.url).searchParams.get("name") ?? "");
  return ok({ recording: await saveMemoryRecording({ viewer: user, memoryId: params.id, fileName, request }) });
});

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await deleteMemoryRecording({ viewer: user, memoryId: params.id }) }),
);

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
