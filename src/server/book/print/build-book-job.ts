import "server-only";
import { z } from "zod";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { toUserDto } from "@/server/accounts/users/user-dto";
import { markPreparedFileFailed, markPreparedFileReady } from "@/server/book/prepared-files/own-prepared-files";
import { BOOK_FILES } from "@/server/book/prepared-files/prepared-file-kinds";
import { getDb } from "@/server/platform/db/client";
import { messageIdFor } from "@/server/platform/email/message-id";
import { queueEmail } from "@/server/platform/email/queue-email";
import { defineJob, type JobAttempt } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { getStorage } from "@/server/platform/storage";
import { bookFileName, gatherBookContent } from "./gather-book-content";
import { renderBookPdf, type BookProgress } from "./render-book-pdf";

// The "book.build" job (docs/decisions/028-book-builds.md): makes one asked-for book. Progress is
// written to the build's row at most twice a second, and once more at each change of phase. The
// PDF goes to storage under the owner's id; the build becomes ready, and a minute later its owner
// gets an email unless they already downloaded it.
// Idempotent: a finished build is left alone, and an attempt that died half-way starts over (the
// object is overwritten under the same key). The last failed attempt marks the build failed. A
// build deleted while it was being made leaves nothing behind (markPreparedFileReady).

const schema = z.strictObject({ buildId: z.uuid() });
/** The book's title as it was printed, for the email. */
const readySchema = z.strictObject({ buildId: z.uuid(), title: z.string().min(1).max(500) });
const RETRY_LIMIT = 2;
/** How long after a book is ready its email waits, for a dialog that is watching it to save it first. */
export const READY_EMAIL_AFTER_SECONDS = 60;
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
    select: {
      id: true,
      user_id: true,
      options: true,
      status: true,
      origin: true,
      user: { select: { id: true, email: true, first_name: true, last_name: true, family_id: true } },
    },
  });
  if (!build) return { status: "no-build" };
  if (build.status === "ready" || build.status === "failed") return { status: `already-${build.status}` };

  const options = bookOptionsSchema.parse(build.options);
  const viewer = toUserDto(build.user);
  const started = await prisma.bookBuild.updateMany({
    where: { id: build.id, status: { in: ["queued", "building"] } },
    data: { status: "building", phase: "arranging", phase_done: 0, phase_total: null },
  });
  if (started.count === 0) return { status: "no-build" };

  // Progress reports arrive far faster than they are worth saving: the latest is written when the
  // last write is done and half a second has passed, or when the phase changes.
  let writing: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let lastPhase = "arranging";
  const report = (progress: BookProgress) => {
    const changed = progress.phase !== lastPhase;
    if (!changed && performance.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = performance.now();
    lastPhase = progress.phase;
    const data =
      progress.phase === "arranging"
        ? { phase: "arranging", phase_done: 0, phase_total: null }
        : { phase: "pages", phase_done: progress.done, phase_total: progress.total, page_count: progress.total };
    writing = writing.then(() => prisma.bookBuild.updateMany({ where: { id: build.id, status: "building" }, data }));
  };

  try {
    const content = await gatherBookContent({ viewer, options, origin: build.origin, today: attempt.now });
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
    await prisma.bookBuild.updateMany({
      where: { id: build.id },
      data: { phase: "saving", phase_done: pageCount, phase_total: pageCount, page_count: pageCount, file_name: bookFileName(content) },
    });
    const expiresAt = await markPreparedFileReady(BOOK_FILES, { id: build.id, storageKey: key, byteSize: size, now: attempt.now });
    if (!expiresAt) return { status: "deleted" };
    // The email waits a minute: a book saved by the dialog that was watching it needs none.
    await enqueueJob(
      bookReadyEmailJob,
      { buildId: build.id, title: content.title },
      { singletonKey: `book-ready-${build.id}`, startAfter: READY_EMAIL_AFTER_SECONDS },
    );
    return { status: "ready", pages: pageCount, bytes: size };
  } catch (error) {
    await writing.catch(() => undefined);
    if (attempt.retryCount >= RETRY_LIMIT) {
      await markPreparedFileFailed(BOOK_FILES, { id: build.id, now: attempt.now });
    }
    throw error;
  }
}

/**
 * The "book.ready-email" job: tells the owner their book is ready, unless they already downloaded
 * it (the download dialog saves it the moment it is ready) or deleted it.
 */
export async function emailBookReady({ buildId, title }: z.output<typeof readySchema>, attempt: Pick<JobAttempt, "now">) {
  const prisma = await getDb();
  const build = await prisma.bookBuild.findFirst({
    where: { id: buildId, status: "ready", expires_at: { gt: attempt.now } },
    select: {
      id: true,
      origin: true,
      downloaded_at: true,
      page_count: true,
      expires_at: true,
      options: true,
      user: { select: { id: true, email: true, first_name: true, last_name: true, family_id: true } },
    },
  });
  if (!build) return { status: "no-book" };
  if (build.downloaded_at) return { status: "downloaded" };
  const viewer = toUserDto(build.user);
  await queueEmail({
    template: "book-ready",
    to: { userId: viewer.id },
    origin: build.origin,
    messageId: messageIdFor(`book-ready-${build.id}`),
    props: {
      firstName: viewer.first_name,
      title,
      pageCount: build.page_count ?? 0,
      keptUntil: keptUntilFormat.format(build.expires_at),
      booksUrl: `${build.origin}/family-book/books`,
    },
  });
  return { status: "emailed" };
}

export const bookReadyEmailJob = defineJob({
  name: "book.ready-email",
  schema: readySchema,
  handler: (data, attempt) => emailBookReady(data, attempt),
  retryLimit: 3,
  retryBackoff: true,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
});

export const buildBookJob = defineJob({
  name: "book.build",
  schema,
  handler: (data, attempt) => buildBook(data, attempt),
  retryLimit: RETRY_LIMIT,
  retryBackoff: true,
  retryDelaySeconds: 10,
  expireInSeconds: 30 * 60,
});
