import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { fileTooLarge, notAnImage } from "@/lib/schemas/memories";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { sweepStaleUploads } from "./sweep-stale-uploads";

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

/**
 * Where the browser may put one photo: a presigned PUT to a fresh key, recorded as an upload
 * that belongs to the viewer until a memory takes it (or the sweep removes it after a day).
 * The declared size and type are only a courtesy check; the bytes are checked when it is used.
 */
export async function createPhotoUpload({
  viewer,
  fileName,
  contentType,
  size,
}: {
  viewer: UserDto;
  fileName: string;
  contentType: string;
  size: number;
}) {
  if (!/^image\/[a-z0-9.+-]+$/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notAnImage(fileName));
  if (size > MAX_PHOTO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(fileName));
  const prisma = await getDb();
  const storage = getStorage();
  // Opportunistic housekeeping: whoever uploads next cleans up what was abandoned yesterday.
  await sweepStaleUploads().catch((error) => console.warn("Sweeping old photo uploads failed:", (error as Error).message));

  const id = randomUUID();
  const key = `uploads/${viewer.id}/${id}`;
  await prisma.photoUpload.create({ data: { id, user_id: viewer.id, key, file_name: fileName, content_type: contentType.toLowerCase() } });
  const signed = await storage.signedUploadUrl(key, { expiresInSeconds: UPLOAD_URL_LIFETIME_SECONDS, contentType: contentType.toLowerCase() });
  return { id, url: signed.url, method: signed.method, headers: signed.headers, expires_at: signed.expiresAt.toISOString() };
}
