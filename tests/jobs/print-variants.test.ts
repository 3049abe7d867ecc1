import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteMemoryRoute } from "@/app/api/memories/[id]/route";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { gatherBookContent } from "@/server/book/print/gather-book-content";
import { renderBookPdf } from "@/server/book/print/render-book-pdf";
import { backfillPrintVariants, backfillPrintVariantsJob, printKeyFor } from "@/server/memories/backfill-print-variants";
import { PRINT_MAX_EDGE } from "@/server/memories/photo-pipeline";
import { getDb } from "@/server/platform/db/client";
import type { JobQueue } from "@/server/platform/jobs/job-queue";
import { getStorage } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { advanceUntil, startTestQueue, TestClock } from "../helpers/jobs";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { streamToBuffer } from "../helpers/pdf-text";
import { backendName } from "../helpers/test-database";

// Print-size photo variants (docs/decisions/032-books-at-scale.md): made with every photo, used by
// the printed book as they are, and made for older photos by an hourly job that does each once.

let owner: TestAccount;
let relative: TestAccount;

/** The width and height of every image the PDF embeds, in the order they are written. */
function embeddedImages(pdf: Buffer) {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)\s*\/Height (\d+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

async function bookOf(account: TestAccount) {
  const content = await gatherBookContent({
    viewer: account.user,
    options: bookOptionsSchema.parse({ size: "A4", chapters: "year" }),
    origin: "http://localhost:3000",
  });
  return streamToBuffer(await renderBookPdf(content, "A4"));
}

async function photosOf(memoryId: string) {
  const prisma = await getDb();
  return prisma.memoryPhoto.findMany({ where: { memory_id: memoryId }, orderBy: { order_number: "asc" } });
}

/** Makes photos as they were before print variants: no key on the row, no object in storage. */
async function forgetPrintVariants(memoryIds: string[]) {
  const prisma = await getDb();
  for (const photo of await prisma.memoryPhoto.findMany({ where: { memory_id: { in: memoryIds } } })) {
    if (photo.print_key) await getStorage().delete(photo.print_key);
  }
  await prisma.memoryPhoto.updateMany({ where: { memory_id: { in: memoryIds } }, data: { print_key: null } });
}

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
});

describe(`print variants (${backendName})`, () => {
  let memoryId: string;

  it("are made with each uploaded photo: an upright JPEG of at most 1800 px, never enlarged", async () => {
    const memory = await createMemoryAs(owner.token, { title: "The harbour", memory_date: "1962-07-14", is_shared: "true" }, [
      { name: "camera.jpg", bytes: await jpeg({ width: 2400, height: 1800 }) },
      { name: "small.jpg", bytes: await jpeg({ width: 640, height: 480 }) },
    ]);
    memoryId = memory.id;
    const [camera, small] = await photosOf(memory.id);
    expect(camera!.print_key).toBe(`memories/${memory.id}/${camera!.id}/print.jpg`);
    expect(printKeyFor(camera!)).toBe(camera!.print_key);
    const stored = await getStorage().get(camera!.print_key!);
    expect(stored?.contentType).toBe("image/jpeg");
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: "jpeg", width: PRINT_MAX_EDGE, height: 1350 });
    expect(await sharp((await getStorage().get(small!.print_key!))!.body).metadata()).toMatchObject({ width: 640, height: 480 });
  });

  it("are what the book embeds, as they are; a photo without one is printed from its display size", async () => {
    expect(embeddedImages(await bookOf(owner))).toEqual([
      [1800, 1350],
      [640, 480],
    ]);
    await forgetPrintVariants([memoryId]);
    // The display size is at most 1600 px.
    expect(embeddedImages(await bookOf(owner))).toEqual([
      [1600, 1200],
      [640, 480],
    ]);
  });

  it("are made for older photos by the hourly job, once: a second pass (or one alongside) finds nothing to do", async () => {
    const older = await createMemoryAs(relative.token, { title: "Our first house", memory_date: "1975-03-02", is_shared: "true" }, [
      { name: "house.jpg", bytes: await jpeg({ width: 3000, height: 2000 }) },
    ]);
    await forgetPrintVariants([older.id]);
    const prisma = await getDb();
    const missing = () => prisma.memoryPhoto.count({ where: { memory_id: { in: [memoryId, older.id] }, print_key: null } });
    expect(await missing()).toBe(3);

    // The queue's clock just before twenty past the hour, when the job is due.
    const due = new Date(Date.now() + 2 * 60 * 60 * 1000);
    due.setUTCMinutes(20, 0, 0);
    const clock = new TestClock(due.getTime() - 30_000);
    const queue: JobQueue = await startTestQueue({ definitions: [backfillPrintVariantsJob], clock });
    try {
      expect((await queue.boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron])).toEqual([["photos.print-variants", "20 * * * *"]]);
      await advanceUntil(clock, async () => (await queue.boss.findJobs("photos.print-variants")).some((job) => job.state === "completed"), { queues: [queue] });
      const [job] = await queue.boss.findJobs("photos.print-variants");
      expect(job!.output).toMatchObject({ made: expect.any(Number), skipped: 0, finished: true });
      expect((job!.output as { made: number }).made).toBeGreaterThanOrEqual(3);
    } finally {
      await queue.stop();
    }
    expect(await missing()).toBe(0);
    const [house] = await photosOf(older.id);
    expect(house!.print_key).toBe(printKeyFor(house!));
    expect(await sharp((await getStorage().get(house!.print_key!))!.body).metadata()).toMatchObject({ format: "jpeg", width: 1800, height: 1200 });
    expect(embeddedImages(await bookOf(owner))).toEqual([
      [1800, 1350],
      [640, 480],
      [1800, 1200],
    ]);

    // Idempotent: nothing left to make.
    expect(await backfillPrintVariants()).toEqual({ made: 0, skipped: 0, finished: true });
    // Two passes at once (two instances): each photo is made, and recorded, once.
    await forgetPrintVariants([older.id]);
    const [first, second] = await Promise.all([backfillPrintVariants(), backfillPrintVariants()]);
    expect(first!.made + second!.made).toBe(1);
    expect(await missing()).toBe(0);
  });

  it("skips a photo whose objects are gone, and tries it again on the next pass", async () => {
    const memory = await createMemoryAs(relative.token, { title: "Lost negatives", memory_date: "1980-01-01", is_shared: "true" }, [
      { name: "lost.jpg", bytes: await jpeg({ width: 800, height: 600 }) },
    ]);
    await forgetPrintVariants([memory.id]);
    const [photo] = await photosOf(memory.id);
    await getStorage().delete(photo!.original_key);
    await getStorage().delete(photo!.display_key);
    expect(await backfillPrintVariants()).toEqual({ made: 0, skipped: 1, finished: true });
    expect(await backfillPrintVariants()).toEqual({ made: 0, skipped: 1, finished: true });
    expect((await photosOf(memory.id))[0]!.print_key).toBeNull();
  });

  it("go with their photo: deleting the memory removes the print variant from storage", async () => {
    const [photo] = await photosOf(memoryId);
    const prisma = await getDb();
    await backfillPrintVariants();
    const printKey = (await prisma.memoryPhoto.findUniqueOrThrow({ where: { id: photo!.id } })).print_key!;
    expect(await getStorage().head(printKey)).not.toBeNull();
    const deleted = await call(deleteMemoryRoute, `/api/memories/${memoryId}`, { token: owner.token, method: "DELETE", params: { id: memoryId } });
    expect(deleted.status).toBe(200);
    expect(await getStorage().head(printKey)).toBeNull();
    expect(await getStorage().head(photo!.original_key)).toBeNull();
  });
});
