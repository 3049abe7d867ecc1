// PUT /api/follow-ups/{id}/recording/transcript – the author writes down, corrects or clears the
// words of their answer's recording (docs/decisions/042-transcripts.md)
import { transcriptSchema } from "@/lib/schemas/recordings";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { ownAnsweredFollowUpId, saveFollowUpTranscript } from "@/server/recordings/follow-up-recording";

export const PUT = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const followUpId = await ownAnsweredFollowUpId(user, params.id);
  const { transcript } = transcriptSchema.parse(await readJson(request));
  return ok({ recording: await saveFollowUpTranscript({ followUpId, transcript }) });
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
