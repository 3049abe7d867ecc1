import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { fileTooLarge, notAnImage } from "@/lib/schemas/memories";
import type { UserDto } from "@/server/accounts/users/user-dto";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit, type RateLimitRule } from "@/server/platform/http/rate-limit";
import { getStorage } from "@/server/platform/storage";
import { UPLOAD_LIFETIME_MS, UPLOAD_URL_LIFETIME_SECONDS, UPLOADS_PREFIX } from "./sweep-stale-uploads";

/** Photos a person may have uploaded and not yet saved in a memory: five memories' worth. */
export const MAX_PENDING_UPLOADS = 25;

export const tooManyPendingUploads = (count: number) =>
  `You have ${count} uploaded photos that are not saved in a memory yet. Save your memory first; unsaved photos are cleared after a day.`;

/** Upload slots asked for, per person: a generous hour of adding photos, not a flood. */
export const uploadSlotsByUser: RateLimitRule = {
  name: "photo-upload-slots",
  limit: 60,
  windowSeconds: 15 * 60,
  message: (minutes) => `Too many photo uploads in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
};

/** Where and how to send one photo (docs/api.md, "Sending an upload"). */
export const photoUploadTicketSchema = z.strictObject({
  id: z.guid().meta({ description: "Name it in `uploadIds` when saving the memory." }),
  url: z.string(),
  method: z.enum(["PUT", "POST"]),
  headers: z.record(z.string(), z.string()).meta({ description: "Send exactly these headers (PUT); empty for POST." }),
  fields: z.record(z.string(), z.string()).meta({ description: "Form fields to send before the file, named `file` (POST); empty for PUT." }),
  expires_at: z.iso.datetime(),
});

export type PhotoUploadTicket = z.output<typeof photoUploadTicketSchema>;

/**
 * Where the browser may put one photo: a presigned upload to a fresh key, recorded as an upload
 * that belongs to the viewer until a memory takes it (or housekeeping removes it after a day). The
 * store refuses more than 5 MB and another content type itself; the declared size and type are
 * a courtesy check here, and the bytes are checked when a memory uses the upload.
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
}): Promise<PhotoUploadTicket> {
  if (!/^image\/[a-z0-9.+-]+$/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notAnImage(fileName), { photos: [notAnImage(fileName)] });
  if (size > MAX_PHOTO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(fileName), { photos: [fileTooLarge(fileName)] });
  await countAndLimit(uploadSlotsByUser, viewer.id);
  const prisma = await getDb();
  const storage = getStorage();
  const now = clock.now();

  const id = randomUUID();
  const key = `${UPLOADS_PREFIX}${viewer.id}/${id}`;
  const type = contentType.toLowerCase();
  await prisma.$transaction(async (tx) => {
    // Two requests at once must not both count 24 and both add one: one waits for the other.
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`photo-uploads:${viewer.id}`}))) AS acquired`;
    const pending = await tx.photoUpload.findMany({
      where: { user_id: viewer.id, created_at: { gt: new Date(now.getTime() - UPLOAD_LIFETIME_MS) } },
      select: { created_at: true },
      orderBy: { created_at: "asc" },
    });
    if (pending.length >= MAX_PENDING_UPLOADS) {
      const freedAt = pending[0]!.created_at.getTime() + UPLOAD_LIFETIME_MS;
      const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      throw new AppError("RATE_LIMITED", tooManyPendingUploads(pending.length), undefined, { "Retry-After": String(seconds) });
    }
    await tx.photoUpload.create({ data: { id, user_id: viewer.id, key, file_name: fileName, content_type: type } });
  });
  const signed = await storage.signedUploadUrl(key, { expiresInSeconds: UPLOAD_URL_LIFETIME_SECONDS, contentType: type, maxBytes: MAX_PHOTO_BYTES });
  return {
    id,
    url: signed.url,
    method: signed.method,
    headers: signed.headers,
    fields: signed.fields,
    expires_at: signed.expiresAt.toISOString(),
  };
}
