import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy } from "./memory-visibility";
import { deleteObjects, PHOTO_KEYS_SELECT, photoKeys } from "./photo-pipeline";

/** The owner deletes a memory; its photos, tags and photo objects go with it. */
export async function deleteMemory({ viewer, memoryId }: { viewer: UserDto; memoryId: string }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const photos = await prisma.$transaction(async (tx) => {
    const memory = await tx.memory.findFirst({
      where: { AND: [{ id: memoryId }, ownedBy(viewer)] },
      select: { memory_photos: { select: PHOTO_KEYS_SELECT } },
    });
    if (!memory) throw notFound(MEMORY_NOT_FOUND);
    await tx.memory.deleteMany({ where: { id: memoryId, ...ownedBy(viewer) } });
    return memory.memory_photos;
  });
  await deleteObjects(getStorage(), photos.flatMap(photoKeys));
  return { id: memoryId };
}
