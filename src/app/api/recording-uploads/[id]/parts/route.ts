// PUT /api/recording-uploads/{id}/parts?offset=… – the next part of an upload, its bytes the body,
// starting where the upload got to
import { recordingPartOffsetSchema } from "@/lib/schemas/recordings";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute } from "@/server/platform/http/route";
import { recordingUploader } from "@/server/recordings/recording-uploader";
import { receiveRecordingPart } from "@/server/recordings/recording-uploads";

export const PUT = publicRoute<{ id: string }>(async (context) => {
  const userId = await recordingUploader(context);
  const offset = recordingPartOffsetSchema.parse(new URL(context.request.url).searchParams.get("offset") ?? undefined);
  return ok({ upload: await receiveRecordingPart({ userId, uploadId: context.params.id, offset, request: context.request }) });
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
