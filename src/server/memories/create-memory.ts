import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { TOO_MANY_PHOTOS, type CreateMemoryInput } from "@/lib/schemas/memories";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { assertTaggable } from "./assert-taggable";
import { getMemoryOrThrow } from "./get-memory";
import { fromIsoDate } from "./memory-dto";
import { photoFolder, storePhoto, type StoredPhoto } from "./photo-pipeline";
import { claimUploads, incomingCount, readIncomingPhotos, type IncomingPhotos } from "./read-incoming-photos";

/**
 * Writes a memory with its photos and tags. Photos are checked and processed first; the rows are
 * written in one transaction; if anything fails, the objects written for it are removed again.
 */
export async function createMemory({ viewer, input, photos }: { viewer: UserDto; input: CreateMemoryInput; photos: IncomingPhotos }) {
  if (incomingCount(photos) > MAX_PHOTOS_PER_MEMORY) throw new AppError("BAD_REQUEST", TOO_MANY_PHOTOS, { photos: [TOO_MANY_PHOTOS] });
  const prisma = await getDb();
  const storage = getStorage();
  await assertTaggable({ prisma, viewer, userIds: input.taggedUserIds });
  const { processed, uploads } = await readIncomingPhotos({ prisma, storage, viewer, incoming: photos });

  const memoryId = randomUUID();
  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of processed) stored.push(await storePhoto({ storage, folder: photoFolder.memory(memoryId), photo, written }));
    await prisma.$transaction(async (tx) => {
      await claimUploads(tx, viewer, uploads);
      await tx.memory.create({
        data: {
          id: memoryId,
          user_id: viewer.id,
          family_id: viewer.family_id,
          title: input.title,
          content: input.content,
          memory_date: fromIsoDate(input.memory_date),
          is_shared: input.is_shared,
          memory_photos: { create: stored.map((photo, index) => ({ ...photo, order_number: index })) },
          memory_tags: { create: input.taggedUserIds.map((tagged_user_id) => ({ tagged_user_id })) },
        },
      });
    });
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
  await deleteObjects(
    storage,
    uploads.map((upload) => upload.key),
  );
  return getMemoryOrThrow({ viewer, memoryId, ownOnly: true });
}
