import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { recordingObjectKeys } from "@/server/recordings/playable-copy";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy } from "./memory-visibility";
import { PHOTO_KEYS_SELECT, photoKeys } from "./photo-pipeline";

/** The owner deletes a memory; its photos, recording, tags and stored files go with it. */
export async function deleteMemory({ viewer, memoryId }: { viewer: UserDto; memoryId: string }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.$transaction(async (tx) => {
    const found = await tx.memory.findFirst({
      where: { AND: [{ id: memoryId }, ownedBy(viewer)] },
      select: { memory_photos: { select: PHOTO_KEYS_SELECT }, recording: { select: { original_key: true } } },
    });
    if (!found) throw notFound(MEMORY_NOT_FOUND);
    await tx.memory.deleteMany({ where: { id: memoryId, ...ownedBy(viewer) } });
    return found;
  });
  const recording = memory.recording ? recordingObjectKeys(memory.recording.original_key) : [];
  await deleteObjects(getStorage(), [...memory.memory_photos.flatMap(photoKeys), ...recording]);
  return { id: memoryId };
}
