import "server-only";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { fileTooLarge, UPLOAD_NOT_FOUND } from "@/lib/schemas/memories";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { AppError } from "@/server/platform/http/app-error";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { processPhoto, type ProcessedPhoto } from "./photo-pipeline";

/** A photo sent in the multipart form, read up to its cap (parse-memory-form.ts). */
export type IncomingFile = { fileName: string; bytes: Buffer };

export type IncomingPhotos = {
  /** Files sent in the multipart form (API clients). */
  files: IncomingFile[];
  /** Ids of photos the browser already uploaded straight to storage (POST /api/memories/uploads). */
  uploadIds: string[];
};

export type PendingUpload = { id: string; key: string; file_name: string };

export const incomingCount = (incoming: IncomingPhotos) => incoming.files.length + new Set(incoming.uploadIds).size;

/**
 * Reads and processes every incoming photo before anything is written, so that a refused photo
 * (not an image, too large) leaves nothing behind. Uploads are only read here: the memory's
 * transaction claims them (claimUploads), so that one upload can never go to two memories.
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

  const processed: ProcessedPhoto[] = [];
  for (const file of incoming.files) processed.push(await processPhoto(file));
  for (const id of uploadIds) {
    const upload = byId.get(id)!;
    // The store accepted whatever the browser sent; size and bytes are checked here, not there.
    const head = await storage.head(upload.key);
    if (!head) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
    if (head.size > MAX_PHOTO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(upload.file_name), { photos: [fileTooLarge(upload.file_name)] });
    const object = await storage.get(upload.key);
    if (!object) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
    processed.push(await processPhoto({ fileName: upload.file_name, bytes: object.body }));
  }
  return { processed, uploads: uploadIds.map((id) => byId.get(id)!) };
}

/**
 * Takes the uploads for this memory inside its transaction, in one statement: if another memory
 * took any of them first (two saves at once), this transaction fails and writes nothing.
 */
export async function claimUploads(tx: Prisma.TransactionClient, viewer: UserDto, uploads: PendingUpload[]) {
  if (uploads.length === 0) return;
  const claimed = await tx.photoUpload.deleteMany({ where: { id: { in: uploads.map((upload) => upload.id) }, user_id: viewer.id } });
  if (claimed.count !== uploads.length) throw new AppError("BAD_REQUEST", UPLOAD_NOT_FOUND);
}
