// GET|DELETE /api/recording-uploads/{id} – how far an upload in parts got (where the next part
// starts), or giving it up; its sender's alone
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute } from "@/server/platform/http/route";
import { recordingUploader } from "@/server/recordings/recording-uploader";
import { discardRecordingUpload, readRecordingUpload } from "@/server/recordings/recording-uploads";

export const GET = publicRoute<{ id: string }>(async (context) =>
  ok({ upload: await readRecordingUpload({ userId: await recordingUploader(context), uploadId: context.params.id }) }),
);

export const DELETE = publicRoute<{ id: string }>(async (context) =>
  ok({ upload: await discardRecordingUpload({ userId: await recordingUploader(context), uploadId: context.params.id }) }),
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
