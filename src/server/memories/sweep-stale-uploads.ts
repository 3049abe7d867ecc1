import "server-only";
import { getDb } from "@/server/db/client";
import { getStorage } from "@/server/storage";
import { deleteObjects } from "./photo-pipeline";

export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Removes uploads that no memory took within a day, rows and objects, a batch at a time. */
export async function sweepStaleUploads({ now = new Date(), batchSize = 100 }: { now?: Date; batchSize?: number } = {}) {
  const prisma = await getDb();
  const stale = await prisma.photoUpload.findMany({
    where: { created_at: { lt: new Date(now.getTime() - UPLOAD_LIFETIME_MS) } },
    select: { id: true, key: true },
    orderBy: { created_at: "asc" },
    take: batchSize,
  });
  if (stale.length === 0) return { removed: 0 };
  await prisma.photoUpload.deleteMany({ where: { id: { in: stale.map((upload) => upload.id) } } });
  await deleteObjects(getStorage(), stale.map((upload) => upload.key));
  return { removed: stale.length };
}
