import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { BookBuildDto } from "@/lib/schemas/book-builds";
import { bookOptionsSchema, type BookOptions } from "@/lib/schemas/family-book";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { deleteOwnPreparedFile, findOwnPreparedFile, preparedFileDownloadUrl, preparedFileFields } from "@/server/book/prepared-files/own-prepared-files";
import { BOOK_FILES, PREPARED_FILE_KEPT_MS } from "@/server/book/prepared-files/prepared-file-kinds";
import { preparedFilesStorage } from "@/server/book/prepared-files/prepared-files-storage";
import { startPreparedFile } from "@/server/book/prepared-files/start-prepared-file";
import { now as clockNow } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { buildBookJob } from "./build-book-job";
import { checkBookOptions } from "./gather-book-content";

// Printed books made by a job (docs/product.md §16, docs/decisions/028-book-builds.md). A member
// asks for a book with the download dialog's choices; the "book.build" job lays it out, reporting
// its progress on the row, writes the PDF to storage and emails its owner. What every prepared
// file shares — the owner's alone, the signed download, a week's keeping — is prepared-files'
// (docs/decisions/036-prepared-files.md), and so are its limits: one book being made per member,
// the same choices answered with the same book, a few per family at once, an allowance of bytes
// kept. The choices and the phases of the making are the book's.

/** How long a finished book is kept. */
export const BOOK_KEPT_MS = PREPARED_FILE_KEPT_MS;

export const BOOK_NOT_FOUND = BOOK_FILES.messages.notFound;
export const BOOK_NOT_READY = BOOK_FILES.messages.notReady;

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

/** The choices in a stable order without the empty ones: two requests for the same book ask the same. */
function optionsRecord(options: BookOptions): Record<string, string> {
  return Object.fromEntries(
    Object.entries(options)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

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
    ...preparedFileFields(BOOK_FILES, build, build.file_name),
    status: build.status as BookBuildDto["status"],
    progress: progressOf(build),
    options: build.options as Record<string, string>,
  };
}

/** The viewer's own books that are still kept, newest first, and what they keep of books and exports. */
export async function listBookBuilds({ viewer, now = clockNow() }: { viewer: UserDto; now?: Date }) {
  const prisma = await getDb();
  const [builds, storage] = await Promise.all([
    prisma.bookBuild.findMany({
      where: { user_id: viewer.id, expires_at: { gt: now } },
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      take: 50,
      select: buildSelect,
    }),
    preparedFilesStorage({ viewer, now }),
  ]);
  return { books: builds.map(toBookBuildDto), storage };
}

async function findOwnBuild(viewer: UserDto, id: string, now: Date) {
  const prisma = await getDb();
  return findOwnPreparedFile(BOOK_FILES, { viewer, id, now }, (where) => prisma.bookBuild.findFirst({ where, select: buildSelect }));
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
  const url = await preparedFileDownloadUrl(BOOK_FILES, build, build.file_name ?? "family-book.pdf");
  // The first download is remembered: a book saved as soon as it was ready needs no email about it.
  const prisma = await getDb();
  await prisma.bookBuild.updateMany({ where: { id: build.id, downloaded_at: null }, data: { downloaded_at: now } });
  return url;
}

/**
 * Starts a book, or answers the one already being made, or made minutes ago, with the same
 * choices. `started` says which: the route answers 202 for a new build and 200 for one already
 * there. The limits on how many and how large are every prepared file's (startPreparedFile).
 */
export async function requestBookBuild({ viewer, input, origin, now = clockNow() }: { viewer: UserDto; input: unknown; origin: string; now?: Date }) {
  const options = optionsRecord(bookOptionsSchema.parse(input));
  await checkBookOptions({ viewer, options: bookOptionsSchema.parse(options) });
  const { id, started } = await startPreparedFile({
    kind: BOOK_FILES,
    viewer,
    request: options,
    now,
    insert: (tx, id) =>
      tx.bookBuild.create({ data: { id, user_id: viewer.id, options, origin, created_at: now, expires_at: new Date(now.getTime() + PREPARED_FILE_KEPT_MS) } }),
    enqueue: (id) => enqueueJob(buildBookJob, { buildId: id }, { singletonKey: id }),
  });
  const prisma = await getDb();
  const build = await prisma.bookBuild.findUnique({ where: { id }, select: buildSelect });
  // Deleted by its owner between the two reads: ask again, which starts a fresh one.
  if (!build) return requestBookBuild({ viewer, input, origin, now });
  return { build: toBookBuildDto(build), started };
}

/** The owner deletes one of their books, made or still being made. */
export async function deleteBookBuild({ viewer, id, now = clockNow() }: { viewer: UserDto; id: string; now?: Date }) {
  return deleteOwnPreparedFile(BOOK_FILES, { viewer, id, now });
}
