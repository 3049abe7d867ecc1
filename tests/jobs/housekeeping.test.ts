import { randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookStorageKey } from "@/server/book/print/build-book-job";
import { jobDefinitions } from "@/server/job-list";
import { getDb } from "@/server/platform/db/client";
import { DELIVERY_KEPT_MS } from "@/server/platform/email/delete-old-deliveries";
import { dataDirectory } from "@/server/platform/env";
import type { JobQueue } from "@/server/platform/jobs/job-queue";
import { getStorage } from "@/server/platform/storage";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { advanceUntil, startTestQueue, TestClock } from "../helpers/jobs";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { addAnswerPhotosAs, answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { backendName } from "../helpers/test-database";
import { uploadPhoto } from "../helpers/uploads";

// Housekeeping on the job queue (docs/product.md §12): ended sessions, ended
// rate-limit counters, abandoned uploads, photo objects no memory names and expired books and exports, each on its schedule.
// The queue's clock is set two days ahead, just before 03:00 UTC, when every one of them is due,
// so what was made "now" is two days old; what must be kept is dated just before that clock.

const HOUR = 60 * 60 * 1000;
const housekeeping = jobDefinitions.filter((definition) => definition.name.startsWith("housekeeping."));
const scheduled = Object.fromEntries(housekeeping.map((definition) => [definition.name, definition.schedule]));

function justBeforeThreeAm(after: number) {
  const day = new Date(after);
  day.setUTCHours(3, 0, 0, 0);
  if (day.getTime() <= after) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime() - 30_000;
}

const clock = new TestClock(justBeforeThreeAm(Date.now() + 48 * HOUR));
const queueNow = () => clock.now();
let queue: JobQueue;
let owner: TestAccount;

/** Dates a stored object's last change, as storage lists it (the local driver's file time). */
async function setWrittenAt(key: string, at: number) {
  const file = path.join(dataDirectory(), "objects", ...key.split("/"));
  await utimes(file, new Date(at), new Date(at));
}

const world = {
  sessions: {} as Record<"expired" | "signedOutLongAgo" | "signedOutAnHourAgo" | "live", string>,
  rateLimits: {} as Record<"ended" | "running" | "endless", string>,
  uploads: {} as Record<"abandoned" | "fresh", { id: string; key: string }>,
  strayUploadObject: "",
  photos: { kept: [] as string[], orphan: "", answerOrphan: "", youngOrphan: "" },
  deliveries: {} as Record<"old" | "recent", string>,
  books: {} as Record<"expired" | "kept", { id: string; key: string }>,
  exports: {} as Record<"expired" | "current", { id: string; key: string }>,
};

beforeAll(async () => {
  const prisma = await getDb();
  owner = await createAccount();

  // Sessions: four of the owner's, by SQL, as time would have left them.
  const sessionIds = Object.fromEntries(
    await Promise.all(
      (["expired", "signedOutLongAgo", "signedOutAnHourAgo", "live"] as const).map(async (name) => {
        const row = await prisma.session.create({
          data: {
            user_id: owner.user.id,
            token_hash: randomUUID(),
            expires_at: name === "expired" ? new Date(queueNow() - 60_000) : new Date(queueNow() + 24 * HOUR),
            revoked_at: name === "signedOutLongAgo" ? new Date(queueNow() - 25 * HOUR) : name === "signedOutAnHourAgo" ? new Date(queueNow() - HOUR) : null,
          },
        });
        return [name, row.id];
      }),
    ),
  );
  world.sessions = sessionIds as typeof world.sessions;

  // Rate-limit counters in rate-limiter-flexible's layout: the window's end in ms, or none.
  world.rateLimits = { ended: `test:${randomUUID()}`, running: `test:${randomUUID()}`, endless: `test:${randomUUID()}` };
  await prisma.rateLimit.createMany({
    data: [
      { key: world.rateLimits.ended, points: 3, expire: BigInt(queueNow() - 1_000) },
      { key: world.rateLimits.running, points: 3, expire: BigInt(queueNow() + 60_000) },
      { key: world.rateLimits.endless, points: 1, expire: null },
    ],
  });

  // Uploads: one no memory took (two days old by the queue's clock), one made an hour before it.
  for (const name of ["abandoned", "fresh"] as const) {
    const id = await uploadPhoto(owner.token, `${name}.jpg`, await jpeg());
    const row = await prisma.photoUpload.findUniqueOrThrow({ where: { id } });
    world.uploads[name] = { id, key: row.key };
  }
  await prisma.photoUpload.update({ where: { id: world.uploads.fresh.id }, data: { created_at: new Date(queueNow() - HOUR) } });
  await setWrittenAt(world.uploads.fresh.key, queueNow() - HOUR);
  // An object under uploads/ that no upload names (sent through a URL after its upload was used).
  world.strayUploadObject = `uploads/${owner.user.id}/${randomUUID()}`;
  await getStorage().put(world.strayUploadObject, await jpeg(), "image/jpeg");

  // Photos: a memory's four objects, an object no photo names, and one written minutes ago.
  const memory = await createMemoryAs(owner.token, {}, [{ name: "lake.jpg", bytes: await jpeg() }]);
  const photo = await prisma.memoryPhoto.findFirstOrThrow({ where: { memory_id: memory.id } });
  // An answer's photo is kept as well, and an object under answers/ that no answer names is not.
  const { questionIds } = await createCustomQuestionnaire(owner);
  const answered = await answer(owner, [{ question_id: questionIds[0]!, answer_text: "The whole family came along." }]);
  const responseId = answered.body.data.submission.responses[0].id as string;
  expect((await addAnswerPhotosAs(owner, responseId, [{ name: "cabin.jpg", bytes: await jpeg() }])).status).toBe(201);
  const answerPhoto = await prisma.responsePhoto.findFirstOrThrow({ where: { response_id: responseId } });
  world.photos.kept = [
    photo.original_key,
    photo.display_key,
    photo.thumbnail_key,
    photo.print_key!,
    answerPhoto.original_key,
    answerPhoto.display_key,
    answerPhoto.thumbnail_key,
    answerPhoto.print_key!,
  ];
  world.photos.orphan = `memories/${randomUUID()}/${randomUUID()}/display.webp`;
  world.photos.answerOrphan = `answers/${randomUUID()}/${randomUUID()}/display.webp`;
  world.photos.youngOrphan = `memories/${randomUUID()}/${randomUUID()}/display.webp`;
  for (const key of [world.photos.orphan, world.photos.answerOrphan, world.photos.youngOrphan]) await getStorage().put(key, await jpeg(), "image/webp");
  await setWrittenAt(world.photos.youngOrphan, queueNow() - 10 * 60_000);

  // Records of sent emails: one accepted just over 60 days before the queue's clock, one just under.
  world.deliveries = { old: `<${randomUUID()}@family-book.test>`, recent: `<${randomUUID()}@family-book.test>` };
  await prisma.emailDelivery.createMany({
    data: [
      { message_id: world.deliveries.old, template: "password-reset", accepted_at: new Date(queueNow() - DELIVERY_KEPT_MS - HOUR) },
      { message_id: world.deliveries.recent, template: "password-reset", accepted_at: new Date(queueNow() - DELIVERY_KEPT_MS + HOUR) },
    ],
  });

  // Printed books: one kept past its week, one still within it (docs/decisions/028-book-builds.md).
  for (const [name, expiresAt] of [
    ["expired", queueNow() - HOUR],
    ["kept", queueNow() + HOUR],
  ] as const) {
    const book = await prisma.bookBuild.create({
      data: { user_id: owner.user.id, options: {}, status: "ready", origin: "https://familybook.example", expires_at: new Date(expiresAt) },
    });
    const key = bookStorageKey(book);
    await prisma.bookBuild.update({ where: { id: book.id }, data: { storage_key: key } });
    await getStorage().put(key, Buffer.from("%PDF-1.7"), "application/pdf");
    world.books[name] = { id: book.id, key };
  }

  // Prepared exports (docs/product.md §20): one whose 7 days ended just before the queue's clock, one not yet.
  for (const [name, expiresAt] of [
    ["expired", queueNow() - HOUR],
    ["current", queueNow() + HOUR],
  ] as const) {
    const id = randomUUID();
    const key = `exports/${owner.user.id}/${id}/family-book-my-export.zip`;
    await getStorage().put(key, Buffer.from("PK"), "application/zip");
    await prisma.dataExport.create({
      data: {
        id,
        user_id: owner.user.id,
        scope: "account",
        status: "ready",
        storage_key: key,
        origin: "http://localhost:3000",
        expires_at: new Date(expiresAt),
      },
    });
    world.exports[name] = { id, key };
  }

  // Two instances keep the schedules; 03:00 comes, when every housekeeping job is due.
  queue = await startTestQueue({ definitions: housekeeping, clock });
  const second = await startTestQueue({ definitions: housekeeping, clock });
  const completed = async () => {
    const states = await Promise.all(housekeeping.map(async ({ name }) => (await queue.boss.findJobs(name)).map((job) => job.state)));
    return states.every((jobs) => jobs.length > 0 && jobs.every((state) => state === "completed"));
  };
  try {
    await advanceUntil(clock, completed, { queues: [queue, second], stepMs: 5_000, withinMs: 5 * 60_000 });
  } finally {
    await second.stop();
  }
});

afterAll(async () => {
  await queue?.stop();
});

describe(`housekeeping (${backendName})`, () => {
  it("is scheduled: sessions, rate limits, uploads and expired books and exports every hour, photo objects and email records every night at 03:00 UTC", async () => {
    expect(scheduled).toEqual({
      "housekeeping.ended-sessions": "0 * * * *",
      "housekeeping.expired-rate-limits": "0 * * * *",
      "housekeeping.stale-uploads": "0 * * * *",
      "housekeeping.orphan-photos": "0 3 * * *",
      "housekeeping.old-email-deliveries": "0 3 * * *",
      "housekeeping.expired-files": "0 * * * *",
    });
    const schedules = await queue.boss.getSchedules();
    expect(Object.fromEntries(schedules.map((schedule) => [schedule.name, schedule.cron]))).toMatchObject(scheduled);
  });

  it("ran each job once at 03:00, on one of the two instances", async () => {
    expect(housekeeping.map(({ name }) => name)).toEqual([
      "housekeeping.ended-sessions",
      "housekeeping.expired-rate-limits",
      "housekeeping.stale-uploads",
      "housekeeping.orphan-photos",
      "housekeeping.old-email-deliveries",
      "housekeeping.expired-files",
    ]);
    for (const { name } of housekeeping) {
      const jobs = await queue.boss.findJobs(name);
      expect(jobs, name).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: "completed", retryCount: 0 });
    }
  });

  it("removes expired sessions and those signed out over a day ago, and keeps the rest", async () => {
    const prisma = await getDb();
    const left = await prisma.session.findMany({ where: { id: { in: Object.values(world.sessions) } }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual([world.sessions.signedOutAnHourAgo, world.sessions.live].sort());
    const [job] = await queue.boss.findJobs("housekeeping.ended-sessions");
    // Only those two: the session registration opened runs for 30 days.
    expect(job?.output).toEqual({ removed: 2 });
  });

  it("removes rate-limit counters whose window has ended, and keeps running and endless ones", async () => {
    const prisma = await getDb();
    const left = await prisma.rateLimit.findMany({ where: { key: { in: Object.values(world.rateLimits) } }, select: { key: true } });
    expect(left.map((row) => row.key).sort()).toEqual([world.rateLimits.running, world.rateLimits.endless].sort());
  });

  it("removes uploads no memory took within a day, with their objects, and stray objects under uploads/", async () => {
    const prisma = await getDb();
    const storage = getStorage();
    expect(await prisma.photoUpload.findUnique({ where: { id: world.uploads.abandoned.id } })).toBeNull();
    expect(await storage.head(world.uploads.abandoned.key)).toBeNull();
    expect(await storage.head(world.strayUploadObject)).toBeNull();
    expect(await prisma.photoUpload.findUnique({ where: { id: world.uploads.fresh.id } })).not.toBeNull();
    expect(await storage.head(world.uploads.fresh.key)).not.toBeNull();
  });

  it("removes photo objects that no memory's or answer's photo names, found by listing storage, and keeps young ones and every named one", async () => {
    const storage = getStorage();
    expect(await storage.head(world.photos.orphan)).toBeNull();
    expect(await storage.head(world.photos.answerOrphan)).toBeNull();
    expect(await storage.head(world.photos.youngOrphan)).not.toBeNull();
    for (const key of world.photos.kept) expect(await storage.head(key), key).not.toBeNull();
    const [job] = await queue.boss.findJobs("housekeeping.orphan-photos");
    expect(job?.output).toEqual({ checked: 10, removed: 2 });
  });

  it("removes prepared exports whose 7 days are over, the object in storage and the record, and keeps the others", async () => {
    const prisma = await getDb();
    expect(await prisma.dataExport.findUnique({ where: { id: world.exports.expired.id } })).toBeNull();
    expect(await getStorage().head(world.exports.expired.key)).toBeNull();
    expect(await prisma.dataExport.findUnique({ where: { id: world.exports.current.id } })).not.toBeNull();
    expect(await getStorage().head(world.exports.current.key)).not.toBeNull();
    const [job] = await queue.boss.findJobs("housekeeping.expired-files");
    expect(job?.output).toEqual({ books: 1, exports: 1 });
  });

  it("forgets sent emails after 60 days, when no job can send them again, and keeps younger records", async () => {
    const prisma = await getDb();
    const left = await prisma.emailDelivery.findMany({ where: { message_id: { in: Object.values(world.deliveries) } }, select: { message_id: true } });
    expect(left.map((row) => row.message_id)).toEqual([world.deliveries.recent]);
  });

  it("removes printed books kept past their week, the PDF and the row, and keeps younger ones", async () => {
    const prisma = await getDb();
    expect(await prisma.bookBuild.findUnique({ where: { id: world.books.expired.id } })).toBeNull();
    expect(await getStorage().head(world.books.expired.key)).toBeNull();
    expect(await prisma.bookBuild.findUnique({ where: { id: world.books.kept.id } })).not.toBeNull();
    expect(await getStorage().head(world.books.kept.key)).not.toBeNull();
  });
});
