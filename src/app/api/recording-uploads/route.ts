// POST /api/recording-uploads – opens an upload of a long recording in parts that resume
// (docs/decisions/044-recording-uploads-in-parts.md); signed in, or with the weekly question's link (?token=)
import { startRecordingUploadSchema } from "@/lib/schemas/recordings";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute, readJson } from "@/server/platform/http/route";
import { recordingUploader } from "@/server/recordings/recording-uploader";
import { startRecordingUpload } from "@/server/recordings/recording-uploads";

export const POST = publicRoute(async (context) => {
  const userId = await recordingUploader(context);
  const { name, byte_size } = startRecordingUploadSchema.parse(await readJson(context.request));
  return ok({ upload: await startRecordingUpload({ userId, name, byteSize: byte_size }) }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
