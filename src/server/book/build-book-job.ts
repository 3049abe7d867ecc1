import "server-only";
import { z } from "zod";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { getDb } from "@/server/db/client";
import { messageIdFor } from "@/server/email/message-id";
import { queueEmail } from "@/server/email/queue-email";
import { defineJob, type JobAttempt } from "@/server/jobs/job-definition";
import { getStorage } from "@/server/storage";
import { toUserDto } from "@/server/users/user-dto";
import { BOOK_KEPT_MS } from "./book-builds";
import { bookFileName, gatherBookContent } from "./gather-book-content";
import { renderBookPdf, type BookProgress } from "./render-book-pdf";

// The "book.build" job (docs/decisions/028-book-builds.md): makes one asked-for book. Progress is
// written to the build's row at most twice a second, and once more at each change of phase. The
// PDF goes to storage under the owner's id; the build becomes ready and its owner gets an email.
// Idempotent: a finished build is left alone, and an attempt that died half-way starts over (the
// object is overwritten under the same key). The last failed attempt marks the build failed.

const schema = z.strictObject({ buildId: z.uuid() });
const RETRY_LIMIT = 2;
const PROGRESS_EVERY_MS = 500;

export const bookStorageKey = (build: { id: string; user_id: string }) => `books/${build.user_id}/${build.id}.pdf`;

const keptUntilFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The PDF's bytes as they are painted. */
async function* bytesOf(stream: NodeJS.ReadableStream): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
}

export async function buildBook({ buildId }: z.output<typeof schema>, attempt: Pick<JobAttempt, "now" | "retryCount">) {
  const prisma = await getDb();
  const build = await prisma.bookBuild.findUnique({
    where: { id: buildId },
    select: { id: true, user_id: true, options: true, status: true, origin: true, user: { select: { id: true, email: true, first_name: true, last_name: true, family_id: true } } },
  });
  if (!build) return { status: "no-build" };
  if (build.status === "ready" || build.status === "failed") return { status: `already-${build.status}` };

  const options = bookOptionsSchema.parse(build.options);
  const viewer = toUserDto(build.user);
  await prisma.bookBuild.update({ where: { id: build.id }, data: { status: "building", phase: "arranging", phase_done: 0, phase_total: null } });

  // Progress reports arrive far faster than they are worth saving: the latest is written when the
  // last write is done and half a second has passed, or when the phase changes.
  let writing: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let lastPhase = "arranging";
  const report = (progress: BookProgress) => {
    const changed = progress.phase !== lastPhase;
    if (!changed && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    lastPhase = progress.phase;
    const data =
      progress.phase === "arranging"
        ? { phase: "arranging", phase_done: 0, phase_total: null }
        : { phase: "pages", phase_done: progress.done, phase_total: progress.total, page_count: progress.total };
    writing = writing.then(() => prisma.bookBuild.updateMany({ where: { id: build.id, status: "building" }, data }));
  };

  try {
    const content = await gatherBookContent({ viewer, options, today: attempt.now });
    let pageCount = 0;
    // The PDF goes to storage as its pages are painted (a multipart upload on S3): neither the
    // whole file nor every page's photos are ever held (docs/decisions/032-books-at-scale.md).
    const key = bookStorageKey(build);
    const pdf = await renderBookPdf(content, options.size, (progress) => {
      if (progress.phase === "pages") pageCount = progress.total;
      report(progress);
    });
    const { size } = await getStorage().putStream(key, bytesOf(pdf), "application/pdf");
    await writing;
    await prisma.bookBuild.update({ where: { id: build.id }, data: { phase: "saving", phase_done: pageCount, phase_total: pageCount, page_count: pageCount } });
    const expiresAt = new Date(attempt.now.getTime() + BOOK_KEPT_MS);
    await prisma.bookBuild.update({
      where: { id: build.id },
      data: {
        status: "ready",
        phase: "done",
        active_key: null,
        storage_key: key,
        byte_size: size,
        file_name: bookFileName(content),
        finished_at: attempt.now,
        expires_at: expiresAt,
      },
    });
    await queueEmail({
      template: "book-ready",
      to: { userId: viewer.id },
      origin: build.origin,
      messageId: messageIdFor(`book-ready-${build.id}`),
      props: {
        firstName: viewer.first_name,
        title: content.title,
        pageCount,
        keptUntil: keptUntilFormat.format(expiresAt),
        booksUrl: `${build.origin}/family-book/books`,
      },
    });
    return { status: "ready", pages: pageCount, bytes: size };
  } catch (error) {
    await writing.catch(() => undefined);
    if (attempt.retryCount >= RETRY_LIMIT) {
      await prisma.bookBuild.update({ where: { id: build.id }, data: { status: "failed", phase: "done", active_key: null, finished_at: attempt.now } });
    }
    throw error;
  }
}

export const buildBookJob = defineJob({
  name: "book.build",
  schema,
  handler: (data, attempt) => buildBook(data, attempt),
  retryLimit: RETRY_LIMIT,
  retryBackoff: true,
  retryDelaySeconds: 10,
  expireInSeconds: 30 * 60,
});

const BATCH_SIZE = 100;

/** Removes books kept past their week: the PDF in storage, then the row. */
export async function deleteExpiredBookBuilds({ now = new Date() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const storage = getStorage();
  let removed = 0;
  for (;;) {
    const expired = await prisma.bookBuild.findMany({ where: { expires_at: { lte: now } }, select: { id: true, storage_key: true }, take: BATCH_SIZE });
    for (const build of expired) if (build.storage_key) await storage.delete(build.storage_key);
    const { count } = await prisma.bookBuild.deleteMany({ where: { id: { in: expired.map(({ id }) => id) } } });
    removed += count;
    if (expired.length < BATCH_SIZE) return { removed };
  }
}

export const deleteExpiredBookBuildsJob = defineJob({
  name: "housekeeping.expired-books",
  schema: z.null(),
  handler: (_data, attempt) => deleteExpiredBookBuilds({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  schedule: "0 3 * * *",
  policy: "exclusive",
});
