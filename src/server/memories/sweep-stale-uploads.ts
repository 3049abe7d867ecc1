import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { sweepStaleRecordingUploads } from "@/server/recordings/recording-uploads";

/** How long an upload may wait for a memory to take it. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a signed upload URL can be used: after that nothing can write its object again. */
export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

export const UPLOADS_PREFIX = "uploads/";

/**
 * Housekeeping for presigned uploads, in two passes:
 * - uploads no memory took within a day: rows and their objects, a batch at a time until none is left;
 * - objects under uploads/ that no pending upload names (written after their upload was used or
 *   removed, through a URL that was still valid), once that URL's window is over. Storage is the
 *   one to ask here: these objects have no row that would lead to them.
 */
export async function sweepStaleUploads({ now = clock.now(), batchSize = 100 }: { now?: Date; batchSize?: number } = {}) {
  const prisma = await getDb();
  const storage = getStorage();
  let removed = 0;
  for (;;) {
    const stale = await prisma.photoUpload.findMany({
      where: { created_at: { lt: new Date(now.getTime() - UPLOAD_LIFETIME_MS) } },
      select: { id: true, key: true },
      orderBy: { created_at: "asc" },
      take: batchSize,
    });
    if (stale.length === 0) break;
    // The row goes first: an upload without its object is only a missing photo, never a stray file.
    await prisma.photoUpload.deleteMany({ where: { id: { in: stale.map((upload) => upload.id) } } });
    await deleteObjects(
      storage,
      stale.map((upload) => upload.key),
    );
    removed += stale.length;
    if (stale.length < batchSize) break;
  }

  const windowStart = now.getTime() - UPLOAD_URL_LIFETIME_SECONDS * 1000;
  let orphans = 0;
  let candidates: string[] = [];
  const removeOrphans = async () => {
    const pending = await prisma.photoUpload.findMany({ where: { key: { in: candidates } }, select: { key: true } });
    const kept = new Set(pending.map((upload) => upload.key));
    const orphaned = candidates.filter((key) => !kept.has(key));
    await deleteObjects(storage, orphaned);
    orphans += orphaned.length;
    candidates = [];
  };
  for await (const object of storage.list(UPLOADS_PREFIX)) {
    if (object.lastModified.getTime() >= windowStart) continue;
    candidates.push(object.key);
    if (candidates.length >= 500) await removeOrphans();
  }
  if (candidates.length > 0) await removeOrphans();
  return { removed, orphans };
}

export const sweepStaleUploadsJob = defineJob({
  name: "housekeeping.stale-uploads",
  schema: z.null(),
  // And the recordings sent in parts that were never kept (recording-uploads.ts).
  handler: async (_data, attempt) => ({
    ...(await sweepStaleUploads({ now: attempt.now })),
    recordings: await sweepStaleRecordingUploads({ now: attempt.now }),
  }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  schedule: "0 * * * *",
  policy: "exclusive",
});
