// POST /api/memories/uploads – a presigned URL for the browser to upload one photo straight to storage
import { photoUploadRequestSchema } from "@/lib/schemas/memories";
import { createPhotoUpload } from "@/server/memories/create-photo-upload";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = photoUploadRequestSchema.parse(await readJson(request));
  const upload = await createPhotoUpload({ viewer: user, fileName: input.file_name, contentType: input.content_type, size: input.size });
  return ok({ upload }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
