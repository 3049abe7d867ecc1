import "server-only";
import { z } from "zod";
import { MAX_PHOTO_PIXELS } from "@/lib/constants";
import { createLimiter } from "@/server/book/print/print-photos";
import { getDb } from "@/server/platform/db/client";
import sharp from "@/server/platform/images/sharp";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { getStorage } from "@/server/platform/storage";
import { printVariant } from "./photo-pipeline";

// Print variants for photos saved before the pipeline made them (docs/decisions/032-books-at-scale.md).
// Hourly, the job walks the photos still without one (a partial index holds exactly those), a
// batch at a time in id order, and makes each from its original. It is idempotent and resumable:
// what is done is recorded on the photo's row, so a pass that stops (a deploy, its time limit)
// leaves the rest for the next. Two passes at once (the queue runs one, but an expired attempt may
// still be running) make the same object under the same key, and a row is only filled while empty.
// A photo whose objects are missing is skipped and tried again on the next pass.

const BATCH_SIZE = 50;
const CONCURRENCY = 2;

/** Where a photo's print variant lives: beside its display size. */
export const printKeyFor = (photo: { display_key: string }) => photo.display_key.replace(/[^/]+$/, "print.jpg");

export async function backfillPrintVariants({ signal }: { signal?: AbortSignal } = {}) {
  const prisma = await getDb();
  const storage = getStorage();
  const limit = createLimiter(CONCURRENCY);
  let made = 0;
  let skipped = 0;
  let after: string | undefined;
  for (;;) {
    if (signal?.aborted) return { made, skipped, finished: false };
    const batch = await prisma.memoryPhoto.findMany({
      where: { print_key: null, ...(after && { id: { gt: after } }) },
      select: { id: true, original_key: true, display_key: true },
      orderBy: { id: "asc" },
      take: BATCH_SIZE,
    });
    await Promise.all(
      batch.map((photo) =>
        limit(async () => {
          const source = (await storage.get(photo.original_key)) ?? (await storage.get(photo.display_key));
          if (!source) {
            skipped += 1;
            return;
          }
          const key = printKeyFor(photo);
          const bytes = await printVariant(sharp(source.body, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate());
          await storage.put(key, bytes, "image/jpeg");
          const { count } = await prisma.memoryPhoto.updateMany({ where: { id: photo.id, print_key: null }, data: { print_key: key } });
          if (count === 1) made += 1;
          // The photo was deleted meanwhile (its other objects with it): so is this one.
          else if (!(await prisma.memoryPhoto.findUnique({ where: { id: photo.id }, select: { id: true } }))) await storage.delete(key);
        }),
      ),
    );
    if (batch.length < BATCH_SIZE) return { made, skipped, finished: true };
    after = batch.at(-1)!.id;
  }
}

export const backfillPrintVariantsJob = defineJob({
  name: "photos.print-variants",
  schema: z.null(),
  handler: (_data, attempt) => backfillPrintVariants({ signal: attempt.signal }),
  retryLimit: 3,
  retryBackoff: true,
  // A large library's first pass takes a while; a pass that is really lost is retried after this.
  expireInSeconds: 60 * 60,
  // Hourly: after a deploy the older photos get their variants within the hour, and a pass with
  // nothing to do is one query on a partial index.
  schedule: "20 * * * *",
  policy: "exclusive",
});
