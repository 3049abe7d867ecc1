import { readFileSync, writeFileSync } from "node:fs";
import { it } from "vitest";

// Makes one family's book with the "book.build" job's own handler, in a process that does nothing
// else, and reports its wall time and this process's peak resident memory (VmHWM). With
// BOOK_SCALE_FALLBACK=1 the family's photos first lose their print variants (as photos saved
// before there were any), so each is made from its display size as the book is painted.

/** A figure of this process's /proc status, in kB. */
const statusOf = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);

it("makes the book", { timeout: 1_800_000 }, async () => {
  const { getDb } = await import("@/server/platform/db/client");
  const { buildBook } = await import("@/server/book/print/build-book-job");
  const { getStorage } = await import("@/server/platform/storage");
  const { startJobs } = await import("@/server/platform/jobs/queue");
  // The server's queue is running before any book is asked for (the job ends by queueing its email).
  await startJobs({ workers: false });
  const seeded = JSON.parse(readFileSync(process.env.BOOK_SCALE_SEED!, "utf8"));
  const family = seeded[process.env.BOOK_SCALE_FAMILY ?? "large"];
  const prisma = await getDb();
  if (process.env.BOOK_SCALE_FALLBACK === "1") {
    await prisma.memoryPhoto.updateMany({ where: { memory: { family_id: family.familyId } }, data: { print_key: null } });
  }
  const build = await prisma.bookBuild.create({
    data: {
      user_id: family.ownerId,
      options: { size: "A4", chapters: "year" },
      status: "queued",
      origin: "http://localhost:3000",
      expires_at: new Date(Date.now() + 7 * 86_400_000),
    },
  });
  // Peak memory is sampled through the run as well as read at the end (VmHWM is the kernel's own peak).
  const rssBeforeKb = statusOf("VmRSS");
  let sampledPeakKb = rssBeforeKb;
  // And where it is: V8's heap, and memory outside it (Buffers: the photos and the PDF's bytes).
  const peaks = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    sampledPeakKb = Math.max(sampledPeakKb, statusOf("VmRSS"));
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks) as (keyof typeof peaks)[]) peaks[key] = Math.max(peaks[key], Math.round(usage[key] / 1024 ** 2));
  }, 100);
  const started = performance.now();
  const result = (await buildBook({ buildId: build.id }, { now: new Date(), retryCount: 0 })) as { status: string; pages: number; bytes: number };
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const stored = await getStorage().head(`books/${family.ownerId}/${build.id}.pdf`);
  writeFileSync(
    process.env.BOOK_SCALE_OUTPUT!,
    JSON.stringify({
      family: process.env.BOOK_SCALE_FAMILY ?? "large",
      fallback: process.env.BOOK_SCALE_FALLBACK === "1",
      memories: family.memories,
      photos: family.photos,
      status: result.status,
      pages: result.pages,
      megabytes: Math.round((result.bytes / 1024 ** 2) * 10) / 10,
      storedBytes: stored?.size ?? null,
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMb: Math.round(rssBeforeKb / 1024),
      sampledPeakMb: Math.round(sampledPeakKb / 1024),
      peakRssMb: Math.round(statusOf("VmHWM") / 1024),
      peaksMb: peaks,
    }),
  );
});
