import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { TOO_MANY_PHOTOS, type UpdateMemoryInput } from "@/lib/schemas/memories";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { assertTaggable } from "./assert-taggable";
import { getMemoryOrThrow } from "./get-memory";
import { fromIsoDate } from "./memory-dto";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy } from "./memory-visibility";
import { PHOTO_KEYS_SELECT, photoFolder, photoKeys, storePhoto, type StoredPhoto } from "./photo-pipeline";
import { claimUploads, incomingCount, readIncomingPhotos, type IncomingPhotos } from "./read-incoming-photos";

const tooManyPhotos = () => new AppError("BAD_REQUEST", TOO_MANY_PHOTOS, { photos: [TOO_MANY_PHOTOS] });

/**
 * The owner changes a memory: only the fields sent change. Tags, when sent, replace the old ones;
 * photos named in photoIdsToDelete go, new photos join after the kept ones (5 at most in all), and
 * plain-text tags named in tagIdsToDelete go.
 *
 * Photos are processed and stored before the transaction (that is the slow part), and the rule
 * is decided inside it, on the memory's row locked against other edits: two edits at once each
 * see the other's photos, so the 5-photo rule and the photos' order numbers always hold.
 */
export async function updateMemory({
  viewer,
  memoryId,
  input,
  photos,
}: {
  viewer: UserDto;
  memoryId: string;
  input: UpdateMemoryInput;
  photos: IncomingPhotos;
}) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const storage = getStorage();
  const adding = incomingCount(photos);
  const deleting = new Set(input.photoIdsToDelete ?? []);
  // A quick refusal before any photo is processed; the transaction below decides for certain.
  const before = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, ownedBy(viewer)] },
    select: { memory_photos: { select: { id: true } } },
  });
  if (!before) throw notFound(MEMORY_NOT_FOUND);
  if (adding > 0 && before.memory_photos.filter((photo) => !deleting.has(photo.id)).length + adding > MAX_PHOTOS_PER_MEMORY) throw tooManyPhotos();
  if (input.taggedUserIds) await assertTaggable({ prisma, viewer, userIds: input.taggedUserIds });
  const { processed, uploads } = await readIncomingPhotos({ prisma, storage, viewer, incoming: photos });

  const written: string[] = [];
  let removed: Awaited<ReturnType<typeof lockedPhotos>> = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of processed) stored.push(await storePhoto({ storage, folder: photoFolder.memory(memoryId), photo, written }));
    await prisma.$transaction(async (tx) => {
      // The owner is in the WHERE clause again: a memory deleted meanwhile is not resurrected.
      const current = await lockedPhotos(tx, viewer, memoryId);
      if (!current) throw notFound(MEMORY_NOT_FOUND);
      removed = current.filter((photo) => deleting.has(photo.id));
      const kept = current.filter((photo) => !deleting.has(photo.id));
      // A memory that already has more photos than the rule allows (from before it held) can
      // still be edited and thinned out; it only cannot grow.
      if (stored.length > 0 && kept.length + stored.length > MAX_PHOTOS_PER_MEMORY) throw tooManyPhotos();
      await claimUploads(tx, viewer, uploads);

      await tx.memory.update({
        where: { id: memoryId },
        data: {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.memory_date !== undefined ? { memory_date: fromIsoDate(input.memory_date) } : {}),
          ...(input.is_shared !== undefined ? { is_shared: input.is_shared } : {}),
          updated_at: now(),
        },
      });
      if (removed.length) await tx.memoryPhoto.deleteMany({ where: { memory_id: memoryId, id: { in: removed.map((photo) => photo.id) } } });
      // Keep order_number zero-based and gap-free: kept photos first, in their order, then the new
      // ones. Ascending order moves each photo down into a place already freed, so the unique
      // (memory_id, order_number) index holds after every statement.
      for (const [index, photo] of kept.entries()) {
        if (photo.order_number !== index) await tx.memoryPhoto.update({ where: { id: photo.id }, data: { order_number: index } });
      }
      if (stored.length) {
        await tx.memoryPhoto.createMany({ data: stored.map((photo, index) => ({ ...photo, memory_id: memoryId, order_number: kept.length + index })) });
      }
      if (input.taggedUserIds) {
        // Members' tags only: a plain-text tag (someone who left the family) names nobody to choose.
        await tx.memoryTag.deleteMany({ where: { memory_id: memoryId, tagged_user_id: { not: null, notIn: input.taggedUserIds } } });
        await tx.memoryTag.createMany({
          data: input.taggedUserIds.map((tagged_user_id) => ({ memory_id: memoryId, tagged_user_id })),
          skipDuplicates: true,
        });
      }
      // A plain-text tag (someone who left the family) is taken off by its id; an id that names no
      // such tag on this memory changes nothing, as a photo id of another memory does.
      const plainTags = input.tagIdsToDelete?.filter((id) => UUID_PATTERN.test(id)) ?? [];
      if (plainTags.length) await tx.memoryTag.deleteMany({ where: { memory_id: memoryId, tagged_user_id: null, id: { in: plainTags } } });
    });
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
  await deleteObjects(storage, [...removed.flatMap(photoKeys), ...uploads.map((upload) => upload.key)]);
  return getMemoryOrThrow({ viewer, memoryId, ownOnly: true });
}

/** The memory's photos in order, with its row locked until the transaction ends; null when it is not the viewer's. */
async function lockedPhotos(tx: Prisma.TransactionClient, viewer: UserDto, memoryId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM memories WHERE id = ${memoryId}::uuid AND user_id = ${viewer.id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.memoryPhoto.findMany({
    where: { memory_id: memoryId },
    select: { id: true, order_number: true, ...PHOTO_KEYS_SELECT },
    orderBy: [{ order_number: "asc" }, { created_at: "asc" }, { id: "asc" }],
  });
}
