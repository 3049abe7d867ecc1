import "server-only";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { fileTooLarge } from "@/lib/schemas/memories";
import type { PrismaClient } from "@/generated/prisma/client";
import { AppError } from "@/server/http/app-error";
import type { ObjectStorage } from "@/server/storage/object-storage";
import type { UserDto } from "@/server/users/user-dto";
import { processPhoto, type ProcessedPhoto } from "./photo-pipeline";

export const UPLOAD_NOT_FOUND = "A photo upload was not found or has expired. Please add the photo again.";

export type IncomingPhotos = {
  /** Files sent in the multipart form (API clients). */
  files: File[];
  /** Ids of photos the browser already uploaded straight to storage (POST /api/memories/uploads). */
  uploadIds: string[];
};

export const incomingCount = (incoming: IncomingPhotos) => incoming.files.length + new Set(incoming.uploadIds).size;

/**
 * Reads and processes every incoming photo before anything is written, so that a refused photo
 * (not an image, too large) leaves nothing behind. Returns the uploads it consumed.
 */
export async function readIncomingPhotos({
  prisma,
  storage,
  viewer,
  incoming,
}: {
  prisma: PrismaClient;
  storage: ObjectStorage;
  viewer: UserDto;
  incoming: IncomingPhotos;
}) {
  const uploadIds = [...new Set(incoming.uploadIds)];
  if (uploadIds.some((id) => !UUID_PATTERN.test(id))) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
  const uploads = uploadIds.length
    ? await prisma.photoUpload.findMany({ where: { id: { in: uploadIds }, user_id: viewer.id }, select: { id: true, key: true, file_name: true } })
    : [];
  if (uploads.length !== uploadIds.length) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));

  for (const file of incoming.files) {
    if (file.size > MAX_PHOTO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(file.name || "photo"));
  }

  const processed: ProcessedPhoto[] = [];
  for (const file of incoming.files) {
    processed.push(await processPhoto({ fileName: file.name || "photo", bytes: Buffer.from(await file.arrayBuffer()) }));
  }
  for (const id of uploadIds) {
    const upload = byId.get(id)!;
    // The store accepted whatever the browser sent; size and bytes are checked here, not there.
    const head = await storage.head(upload.key);
    if (!head) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
    if (head.size > MAX_PHOTO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(upload.file_name));
    const object = await storage.get(upload.key);
    if (!object) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
    processed.push(await processPhoto({ fileName: upload.file_name, bytes: object.body }));
  }
  return { processed, consumedUploads: uploadIds.map((id) => byId.get(id)!) };
}
