import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { MAX_PHOTOS_PER_ANSWER, TOO_MANY_ANSWER_PHOTOS } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { PHOTO_KEYS_SELECT, photoFolder, photoKeys, processPhoto, storePhoto, type ProcessedPhoto, type StoredPhoto } from "@/server/memories/photo-pipeline";
import type { IncomingFile } from "@/server/memories/read-incoming-photos";
import { now as clockNow } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects, downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { visibleAnswersWhere } from "./answer-visibility";

// The photos of an answer (docs/decisions/039-answer-photos.md): up to five, given with an emailed
// reply, added on the answered question's page (its link is the permission) or by the author
// signed in, or brought by an import. They are stored and checked exactly like a memory's photos,
// under answers/<answer id>/. A photo is read through its answer: its address is the app's own,
// and each request is answered only when the answer is the viewer's or one the family may read
// (answer-visibility.ts), then sent on to a short-lived signed address of the picture.

export const ANSWER_PHOTO_NOT_FOUND = "Photo not found";
export const NO_PHOTOS_SENT = "Choose at least one photo to add.";

/** What a reader selects of an answer's photos, in their order. */
export const answerPhotosSelect = {
  select: { id: true, order_number: true, width: true, height: true },
  orderBy: [{ order_number: "asc" }, { id: "asc" }],
} satisfies Prisma.Response$photosArgs;

export const answerPhotoDtoSchema = z.strictObject({
  id: z.guid(),
  order_number: z.int(),
  width: z.int(),
  height: z.int(),
  photo_url: z.string().meta({ description: "The photo at up to 1600 px: GET it with the session; it redirects to a short-lived address of the picture." }),
  thumbnail_url: z.string().meta({ description: "The same at 480 × 360." }),
});
export type AnswerPhotoDto = z.output<typeof answerPhotoDtoSchema>;

export const answerPhotoPath = (responseId: string, photoId: string) => `/api/questionnaires/responses/${responseId}/photos/${photoId}`;

type PhotoRow = { id: string; order_number: number; width: number; height: number };

export function toAnswerPhotoDtos(responseId: string, photos: PhotoRow[]): AnswerPhotoDto[] {
  return photos.map((photo) => ({
    id: photo.id,
    order_number: photo.order_number,
    width: photo.width,
    height: photo.height,
    photo_url: answerPhotoPath(responseId, photo.id),
    thumbnail_url: `${answerPhotoPath(responseId, photo.id)}?size=thumbnail`,
  }));
}

export const photoSizeSchema = z.enum(["display", "thumbnail"], { error: "size must be display or thumbnail" }).default("display");

/**
 * The signed address of one photo of an answer the viewer may read: their own, or one the family
 * may read. Anything else — another family's, a private one, no such photo — is the same 404.
 */
export async function answerPhotoUrl({
  viewer,
  responseId,
  photoId,
  size,
  now = clockNow(),
}: {
  viewer: UserDto;
  responseId: string;
  photoId: string;
  size: "display" | "thumbnail";
  now?: Date;
}) {
  if (!UUID_PATTERN.test(responseId) || !UUID_PATTERN.test(photoId)) throw notFound(ANSWER_PHOTO_NOT_FOUND);
  const prisma = await getDb();
  const visible = visibleAnswersWhere(viewer);
  const photo = await prisma.responsePhoto.findFirst({
    where: { id: photoId, response_id: responseId, response: { OR: [{ submission: { user_id: viewer.id } }, ...(visible ? [visible] : [])] } },
    select: { display_key: true, thumbnail_key: true },
  });
  if (!photo) throw notFound(ANSWER_PHOTO_NOT_FOUND);
  return getStorage().signedDownloadUrl(size === "thumbnail" ? photo.thumbnail_key : photo.display_key, downloadUrlSigning(now));
}

/** Signed addresses of an answer's photos for a page that already proved its reader may see it (the answered question's page). */
export async function signedAnswerPhotos(responseId: string, now = clockNow()) {
  const prisma = await getDb();
  const storage = getStorage();
  const signing = downloadUrlSigning(now);
  const photos = await prisma.responsePhoto.findMany({
    where: { response_id: responseId },
    select: { id: true, order_number: true, display_key: true, thumbnail_key: true, width: true, height: true },
    orderBy: [{ order_number: "asc" }, { id: "asc" }],
  });
  return Promise.all(
    photos.map(async (photo): Promise<AnswerPhotoDto> => ({
      id: photo.id,
      order_number: photo.order_number,
      width: photo.width,
      height: photo.height,
      photo_url: await storage.signedDownloadUrl(photo.display_key, signing),
      thumbnail_url: await storage.signedDownloadUrl(photo.thumbnail_key, signing),
    })),
  );
}

/** The author's own answer, or 404: whoever else asks, the answer is not there. */
export async function ownAnswerId(viewer: UserDto, responseId: string) {
  if (!UUID_PATTERN.test(responseId)) throw notFound("Response not found");
  const prisma = await getDb();
  const own = await prisma.response.findFirst({ where: { id: responseId, submission: { user_id: viewer.id } }, select: { id: true } });
  if (!own) throw notFound("Response not found");
  return own.id;
}

/** Locks the answer's row and reads its photos: two additions at once are counted one after the other. */
async function lockedPhotos(tx: Prisma.TransactionClient, responseId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM responses WHERE id = ${responseId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.responsePhoto.findMany({
    where: { response_id: responseId },
    select: { id: true, order_number: true, ...PHOTO_KEYS_SELECT },
    orderBy: { order_number: "asc" },
  });
}

/**
 * Adds photos to an answer the caller has already been allowed to change. Every photo is read and
 * checked before anything is written (a refused one leaves nothing behind); they are stored, then
 * recorded in one transaction that counts the answer's photos under its lock, so two additions at
 * once never make more than five.
 */
export async function addAnswerPhotos({ responseId, files }: { responseId: string; files: IncomingFile[] }) {
  if (files.length === 0) throw new AppError("BAD_REQUEST", NO_PHOTOS_SENT, { photos: [NO_PHOTOS_SENT] });
  if (files.length > MAX_PHOTOS_PER_ANSWER) throw tooMany();
  const prisma = await getDb();
  const before = await prisma.responsePhoto.count({ where: { response_id: responseId } });
  if (before + files.length > MAX_PHOTOS_PER_ANSWER) throw tooMany();
  const processed: ProcessedPhoto[] = [];
  for (const file of files) processed.push(await processPhoto(file));

  const storage = getStorage();
  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of processed) stored.push(await storePhoto({ storage, folder: photoFolder.answer(responseId), photo, written }));
    await prisma.$transaction(async (tx) => {
      const current = await lockedPhotos(tx, responseId);
      if (!current) throw notFound("Response not found");
      if (current.length + stored.length > MAX_PHOTOS_PER_ANSWER) throw tooMany();
      const next = current.reduce((highest, photo) => Math.max(highest, photo.order_number + 1), 0);
      await tx.responsePhoto.createMany({ data: stored.map((photo, index) => ({ ...photo, response_id: responseId, order_number: next + index })) });
    });
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
  return listAnswerPhotos(responseId);
}

/** Removes one photo of an answer the caller has been allowed to change: its row, then its objects. */
export async function removeAnswerPhoto({ responseId, photoId }: { responseId: string; photoId: string }) {
  if (!UUID_PATTERN.test(photoId)) throw notFound(ANSWER_PHOTO_NOT_FOUND);
  const prisma = await getDb();
  const [removed] = await prisma.$queryRaw<Parameters<typeof photoKeys>[0][]>`
    DELETE FROM response_photos WHERE id = ${photoId}::uuid AND response_id = ${responseId}::uuid RETURNING original_key, display_key, thumbnail_key, print_key`;
  if (!removed) throw notFound(ANSWER_PHOTO_NOT_FOUND);
  await deleteObjects(getStorage(), photoKeys(removed));
  return listAnswerPhotos(responseId);
}

async function listAnswerPhotos(responseId: string) {
  const prisma = await getDb();
  const photos = await prisma.responsePhoto.findMany({ where: { response_id: responseId }, ...answerPhotosSelect });
  return toAnswerPhotoDtos(responseId, photos);
}

const tooMany = () => new AppError("BAD_REQUEST", TOO_MANY_ANSWER_PHOTOS, { photos: [TOO_MANY_ANSWER_PHOTOS] });
