import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { bookOptionsSchema, type BookOptions } from "@/lib/schemas/family-book";
import type { BookBuildDto } from "@/lib/schemas/book-builds";
import { now as clockNow } from "@/server/clock";
import { getDb } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/app-error";
import { enqueueJob } from "@/server/jobs/queue";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { checkBookOptions } from "./gather-book-content";

// Printed books made by a job (docs/product.md §16, docs/decisions/028-book-builds.md). A member
// asks for a book with the download dialog's choices; the "book.build" job lays it out, reporting
// its progress on the row, writes the PDF to storage and emails its owner. Only the owner sees a
// book, for a week. While a book is queued or building, asking for it again (same person, same
// choices) answers that build: the unique active_key makes two requests at once one build.

/** How long a finished book is kept. */
export const BOOK_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A build not finished after this long was lost with its job (every retry used): asking again starts a new one. */
export const BOOK_STALE_AFTER_MS = 2 * 60 * 60 * 1000;

export const BOOK_NOT_FOUND = "Book not found";
export const BOOK_NOT_READY = "This book is not ready yet.";

type BuildRow = Prisma.BookBuildGetPayload<{ select: typeof buildSelect }>;

const buildSelect = {
  id: true,
  user_id: true,
  options: true,
  status: true,
  phase: true,
  phase_done: true,
  phase_total: true,
  page_count: true,
  storage_key: true,
  byte_size: true,
  file_name: true,
  created_at: true,
  finished_at: true,
  expires_at: true,
} satisfies Prisma.BookBuildSelect;

/** The choices in a stable order without the empty ones: two requests for the same book have the same key. */
function optionsRecord(options: BookOptions): Record<string, string> {
  return Object.fromEntries(
    Object.entries(options)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

const activeKeyOf = (viewer: UserDto, options: Record<string, string>) => `${viewer.id}:${new URLSearchParams(options).toString()}`;

/** What the progress bar shows for each phase. */
function progressOf(build: Pick<BuildRow, "status" | "phase" | "phase_done" | "phase_total" | "page_count">): BookBuildDto["progress"] {
  const pages = { pages_total: build.page_count };
  const share = build.phase_total ? Math.min(1, build.phase_done / build.phase_total) : 0;
  if (build.status === "ready") return { ...pages, percent: 100, message: "Your book is ready" };
  if (build.status === "failed") return { ...pages, percent: 0, message: "We could not make this book. Please try again." };
  switch (build.phase) {
    case "arranging":
      return { ...pages, percent: 5, message: "Arranging your stories into pages" };
    // Each page is painted with its photos, fetched as their page comes (docs/decisions/032-books-at-scale.md).
    case "pages":
      return { ...pages, percent: 10 + Math.round(85 * share), message: `Laying out page ${build.phase_done} of ${build.phase_total ?? 0}` };
    case "saving":
      return { ...pages, percent: 97, message: "Saving your book" };
    default:
      return { ...pages, percent: 0, message: "Waiting to start" };
  }
}

export function toBookBuildDto(build: BuildRow): BookBuildDto {
  return {
    id: build.id,
    status: build.status as BookBuildDto["status"],
    progress: progressOf(build),
    options: build.options as Record<string, string>,
    file_name: build.status === "ready" ? build.file_name : null,
    byte_size: build.status === "ready" ? build.byte_size : null,
    download_url: build.status === "ready" ? `/api/family-book/books/${build.id}/pdf` : null,
    created_at: build.created_at.toISOString(),
    finished_at: build.finished_at?.toISOString() ?? null,
    expires_at: build.expires_at.toISOString(),
  };
}

/** The viewer's own books that are still kept, newest first. */
export async function listBookBuilds({ viewer, now = clockNow() }: { viewer: UserDto; now?: Date }) {
  const prisma = await getDb();
  const builds = await prisma.bookBuild.findMany({
    where: { user_id: viewer.id, expires_at: { gt: now } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 50,
    select: buildSelect,
  });
  return builds.map(toBookBuildDto);
}

async function findOwnBuild(viewer: UserDto, id: string, now: Date) {
  const prisma = await getDb();
  // An id that is not a UUID names nothing (404, as for any id the viewer may not see).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(BOOK_NOT_FOUND);
  const build = await prisma.bookBuild.findFirst({ where: { id, user_id: viewer.id, expires_at: { gt: now } }, select: buildSelect });
  if (!build) throw notFound(BOOK_NOT_FOUND);
  return build;
}

export async function getBookBuild({ viewer, id, now = clockNow() }: { viewer: UserDto; id: string; now?: Date }) {
  return toBookBuildDto(await findOwnBuild(viewer, id, now));
}

/**
 * A short-lived signed address of one of the viewer's finished books, saved under the book's
 * name: the download is a redirect there, so the server never reads the PDF
 * (docs/decisions/032-books-at-scale.md).
 */
export async function bookBuildDownloadUrl({ viewer, id, now = clockNow() }: { viewer: UserDto; id: string; now?: Date }) {
  const build = await findOwnBuild(viewer, id, now);
  if (build.status !== "ready" || !build.storage_key) throw new AppError("CONFLICT", BOOK_NOT_READY);
  const storage = getStorage();
  if (!(await storage.head(build.storage_key))) throw notFound(BOOK_NOT_FOUND);
  return storage.signedDownloadUrl(build.storage_key, { expiresInSeconds: 300, downloadName: build.file_name ?? "family-book.pdf" });
}

/**
 * Starts a book, or answers the one already being made with the same choices. `started` says
 * which: the route answers 202 for a new build and 200 for one under way.
 */
export async function requestBookBuild({ viewer, input, origin, now = clockNow() }: { viewer: UserDto; input: unknown; origin: string; now?: Date }) {
  const options = optionsRecord(bookOptionsSchema.parse(input));
  await checkBookOptions({ viewer, options: bookOptionsSchema.parse(options) });
  const prisma = await getDb();
  const activeKey = activeKeyOf(viewer, options);

  // One lost to a crash that used every retry is closed, so it does not hold the key for ever.
  await prisma.bookBuild.updateMany({
    where: { active_key: activeKey, created_at: { lt: new Date(now.getTime() - BOOK_STALE_AFTER_MS) } },
    data: { active_key: null, status: "failed", finished_at: now },
  });
  const id = randomUUID();
  const inserted = await prisma.$executeRaw`
    INSERT INTO book_builds (id, user_id, options, active_key, origin, created_at, expires_at)
    VALUES (${id}::uuid, ${viewer.id}::uuid, ${JSON.stringify(options)}::jsonb, ${activeKey}, ${origin}, ${now}, ${new Date(now.getTime() + BOOK_KEPT_MS)})
    ON CONFLICT (active_key) DO NOTHING`;
  if (inserted === 0) {
    const existing = await prisma.bookBuild.findUnique({ where: { active_key: activeKey }, select: buildSelect });
    // Finished between the insert and this read: ask again, which starts a fresh one.
    if (!existing) return requestBookBuild({ viewer, input, origin, now });
    return { build: toBookBuildDto(existing), started: false };
  }
  try {
    await enqueueJob("book.build", { buildId: id }, { singletonKey: id });
  } catch (error) {
    await prisma.bookBuild.delete({ where: { id } });
    throw error;
  }
  const build = await prisma.bookBuild.findUniqueOrThrow({ where: { id }, select: buildSelect });
  return { build: toBookBuildDto(build), started: true };
}
