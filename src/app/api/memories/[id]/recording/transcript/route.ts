// PUT /api/memories/{id}/recording/transcript – the author writes down, corrects or clears the
// words of their memory's recording (docs/decisions/042-transcripts.md)
import { transcriptSchema } from "@/lib/schemas/recordings";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { saveMemoryTranscript } from "@/server/recordings/memory-recording";

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const { transcript } = transcriptSchema.parse(await readJson(request));
  return ok({ recording: await saveMemoryTranscript({ viewer: user, memoryId: params.id, transcript }) });
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
