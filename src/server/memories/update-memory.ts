import "server-only";
import { MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { TOO_MANY_PHOTOS, type UpdateMemoryInput } from "@/lib/schemas/memories";
import { getDb } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/app-error";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { assertTaggable } from "./assert-taggable";
import { getMemoryOrThrow } from "./get-memory";
import { fromIsoDate } from "./memory-dto";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy } from "./memory-scope";
import { deleteObjects, photoKeys, storePhoto, type StoredPhoto } from "./photo-pipeline";
import { incomingCount, readIncomingPhotos, type IncomingPhotos } from "./read-incoming-photos";

/**
 * The owner changes a memory: only the fields sent change. Tags, when sent, replace the old ones;
 * photos named in photoIdsToDelete go, new photos join after the kept ones (5 at most in all).
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
  const memory = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, ownedBy(viewer)] },
    select: { id: true, memory_photos: { select: { id: true, order_number: true, original_key: true, display_key: true, thumbnail_key: true }, orderBy: { order_number: "asc" } } },
  });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);

  const deleting = new Set(input.photoIdsToDelete ?? []);
  const removed = memory.memory_photos.filter((photo) => deleting.has(photo.id));
  const kept = memory.memory_photos.filter((photo) => !deleting.has(photo.id));
  if (kept.length + incomingCount(photos) > MAX_PHOTOS_PER_MEMORY) throw new AppError("BAD_REQUEST", TOO_MANY_PHOTOS, { photos: [TOO_MANY_PHOTOS] });
  if (input.taggedUserIds) await assertTaggable({ prisma, viewer, userIds: input.taggedUserIds });
  const { processed, consumedUploads } = await readIncomingPhotos({ prisma, storage, viewer, incoming: photos });

  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of processed) stored.push(await storePhoto({ storage, memoryId, photo, written }));
    await prisma.$transaction(async (tx) => {
      // The owner is in the WHERE clause again: a memory deleted meanwhile is not resurrected.
      const changed = await tx.memory.updateMany({
        where: { id: memoryId, ...ownedBy(viewer) },
        data: {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.memory_date !== undefined ? { memory_date: fromIsoDate(input.memory_date) } : {}),
          ...(input.is_shared !== undefined ? { is_shared: input.is_shared } : {}),
          updated_at: new Date(),
        },
      });
      if (changed.count === 0) throw notFound(MEMORY_NOT_FOUND);
      if (removed.length) await tx.memoryPhoto.deleteMany({ where: { memory_id: memoryId, id: { in: removed.map((photo) => photo.id) } } });
      // Keep order_number zero-based and gap-free: kept photos first, in their order, then the new ones.
      for (const [index, photo] of kept.entries()) {
        if (photo.order_number !== index) await tx.memoryPhoto.update({ where: { id: photo.id }, data: { order_number: index } });
      }
      if (stored.length) {
        await tx.memoryPhoto.createMany({ data: stored.map((photo, index) => ({ ...photo, memory_id: memoryId, order_number: kept.length + index })) });
      }
      if (input.taggedUserIds) {
        await tx.memoryTag.deleteMany({ where: { memory_id: memoryId, tagged_user_id: { notIn: input.taggedUserIds } } });
        await tx.memoryTag.createMany({
          data: input.taggedUserIds.map((tagged_user_id) => ({ memory_id: memoryId, tagged_user_id })),
          skipDuplicates: true,
        });
      }
      if (consumedUploads.length) await tx.photoUpload.deleteMany({ where: { id: { in: consumedUploads.map((upload) => upload.id) }, user_id: viewer.id } });
    });
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
  await deleteObjects(storage, [...removed.flatMap(photoKeys), ...consumedUploads.map((upload) => upload.key)]);
  return getMemoryOrThrow({ viewer, memoryId, ownOnly: true });
}
