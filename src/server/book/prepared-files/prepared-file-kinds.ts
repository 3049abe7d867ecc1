import "server-only";
import { describeBookChoices } from "@/lib/book-choices";
import { PREPARED_FILE_KEPT_DAYS } from "@/lib/schemas/prepared-files";

// The two kinds of file a job prepares for one person (docs/decisions/036-prepared-files.md): a
// printed book (docs/product.md §16) and a large export (§20). Each keeps its own table with its
// own progress, but the columns of the shared lifecycle are named alike in both — id, user_id,
// status, storage_key, byte_size, created_at, finished_at, expires_at — so one module looks them
// up for their owner, limits them, hands out their download, finishes them and removes them.

export const PREPARED_FILE_KEPT_MS = PREPARED_FILE_KEPT_DAYS * 24 * 60 * 60 * 1000;
/** How long a signed download address works: long enough to start the download, too short to pass around. */
export const DOWNLOAD_LINK_SECONDS = 300;
/** A ready file asked for again within this long, the same way, is answered instead of made again. */
export const REUSE_READY_WITHIN_MS = 10 * 60 * 1000;
/** How many of one kind a family may have being made at once: jobs run one at a time per instance. */
export const ACTIVE_PER_FAMILY = 3;

const HOUR_MS = 60 * 60 * 1000;

export type PreparedFileKind = {
  /** How housekeeping reports them: "books", "exports". */
  name: "books" | "exports";
  /** Its table: a constant, never anything a request sent. */
  table: "book_builds" | "data_exports";
  /** The statuses of one being made; the table's unique partial index allows one such per person. */
  activeStatuses: readonly [queued: string, running: string];
  /** One still being made after this long was lost with its job (every retry used): it is closed as failed. */
  lostAfterMs: number;
  /** SQL, over the table's columns, for what was asked as a JSON object: two requests are the same when these are equal. */
  requestSql: string;
  /** What was asked, in words, for the answer that names what is being made. */
  describeRequest: (request: Record<string, string>) => string;
  /** The address its owner downloads a ready one from (the route redirects to a signed address). */
  downloadPath: (id: string) => string;
  messages: {
    /** Anyone else's, an expired one, or no such id: the owner's own is the only one that exists. */
    notFound: string;
    /** Still being made, or it failed: there is no file to give. */
    notReady: string;
    /** Asked for something else while `what` is being made. */
    busy: (what: string) => string;
    /** The family already has ACTIVE_PER_FAMILY being made. */
    familyBusy: (limit: number) => string;
  };
};

export const BOOK_FILES: PreparedFileKind = {
  name: "books",
  table: "book_builds",
  activeStatuses: ["queued", "building"],
  // Three attempts of at most 30 minutes each, and the waits between them.
  lostAfterMs: 2 * HOUR_MS,
  requestSql: "options",
  describeRequest: describeBookChoices,
  downloadPath: (id) => `/api/family-book/books/${id}/pdf`,
  messages: {
    notFound: "Book not found",
    notReady: "This book is not ready yet.",
    busy: (what) => `Your book (${what}) is still being made. You can ask for another once it is ready, or delete it under Your books.`,
    familyBusy: (limit) => `Your family already has ${limit} books being made. Please ask again when one of them is ready.`,
  },
};

export const EXPORT_FILES: PreparedFileKind = {
  name: "exports",
  table: "data_exports",
  activeStatuses: ["queued", "running"],
  // Three attempts of at most an hour each, and the waits between them.
  lostAfterMs: 4 * HOUR_MS,
  requestSql: "jsonb_build_object('scope', scope)",
  describeRequest: (request) => (request.scope === "family" ? "the family's book" : "your data"),
  downloadPath: (id) => `/api/exports/${id}/file`,
  messages: {
    notFound: "Export not found",
    notReady: "This export is not ready yet.",
    busy: (what) => `Your export of ${what} is still being prepared. You can ask for another once it is ready, or delete it under Prepared exports.`,
    familyBusy: (limit) => `Your family already has ${limit} exports being prepared. Please ask again when one of them is ready.`,
  },
};

export const PREPARED_FILE_KINDS = [BOOK_FILES, EXPORT_FILES] as const;
