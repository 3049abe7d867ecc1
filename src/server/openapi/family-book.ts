import { z } from "zod";
import { bookBuildDtoSchema } from "@/lib/schemas/book-builds";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { pageSchema } from "@/lib/schemas/paging";
import { preparedFilesStorageSchema } from "@/lib/schemas/prepared-files";
import { coverPhotoPageSchema } from "@/server/book/print/list-cover-photos";
import { idParameter, type Operation } from "./operation";

// The printable Family Book.

export const familyBookOperations: Operation[] = [
  {
    method: "get",
    path: "/family-book/pdf",
    tag: "Family Book",
    summary: "The family's shared memories and answers as a printable PDF book",
    access: "member",
    query: bookOptionsSchema,
    answer: {
      status: 200,
      description: "The book, as an attachment.",
      media: "application/pdf",
      headers: { "Content-Disposition": 'attachment; filename="<family>-<date>.pdf"' },
    },
    refusals: {
      400: "Options that cannot be used (per field): dates that do not exist, a start after the end, a paper size other than A4, LETTER or 6x9, chapters other than year or member.",
      404: '"Family member not found": member is not in the family. "Photo not found": cover is not a photo of a memory the family shared.',
    },
  },
  {
    method: "get",
    path: "/family-book/photos",
    tag: "Family Book",
    summary: "The photos the family shared, newest first, to choose the book's cover from",
    access: "member",
    query: pageSchema,
    answer: { status: 200, description: "One page.", data: coverPhotoPageSchema },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
  {
    method: "post",
    path: "/family-book/books",
    tag: "Family Book",
    summary: "Ask for a printed book, made by a job with progress (the way to get a big family's book)",
    description:
      "The same choices as GET /family-book/pdf, as a JSON body. The book is laid out by a job; poll GET /family-book/books/{id} for its progress, then download it from its download_url. Its owner also gets an email when it is ready, and it is kept for a week. Asking again for the same book (same choices) while it is being made, or in the 10 minutes after it was ready, answers that book with 200 instead of making another. A member has one book being made at a time, a family three, and each member keeps at most PREPARED_FILES_MAX_BYTES of books and exports (docs/decisions/036-prepared-files.md).",
    access: "member",
    body: { media: "application/json", schema: bookOptionsSchema, maxBytes: 1024 * 1024 },
    answer: {
      status: 202,
      description: "A new build, queued. Location: its address.",
      data: z.strictObject({ book: bookBuildDtoSchema }),
      headers: { Location: "/api/family-book/books/{id}" },
      alternate: { status: 200, description: "The same book (same choices) is being made, or was ready in the last 10 minutes: that book." },
    },
    refusals: {
      400: "Options that cannot be used (per field), as for GET /family-book/pdf.",
      404: '"Family member not found": member is not in the family. "Photo not found": cover is not a photo of a memory the family shared.',
      409: 'The caller has another book being made ("Your book (A4, a chapter for each year) is still being made. …"), or keeps their allowance of books and exports already ("You are keeping 1.2 GB of books and exports, and each person may keep 1 GB. Delete one …").',
      429: '"Your family already has 3 books being made. Please ask again when one of them is ready."',
    },
  },
  {
    method: "get",
    path: "/family-book/books",
    tag: "Family Book",
    summary: "The member's own printed books of the last week, newest first, and those being made",
    access: "member",
    answer: {
      status: 200,
      description: "Every kept book (at most 50), and what the member keeps of books and exports against what they may keep.",
      data: z.strictObject({ books: z.array(bookBuildDtoSchema), storage: preparedFilesStorageSchema }),
    },
  },
  {
    method: "get",
    path: "/family-book/books/{id}",
    tag: "Family Book",
    summary: "One of the member's printed books: its progress, or its download once ready",
    access: "member",
    params: idParameter("id", "book"),
    answer: { status: 200, description: "The book.", data: z.strictObject({ book: bookBuildDtoSchema }) },
    refusals: { 404: '"Book not found": not the caller’s, or kept past its week.' },
  },
  {
    method: "delete",
    path: "/family-book/books/{id}",
    tag: "Family Book",
    summary: "The member deletes one of their printed books, its PDF with it; one still being made is dropped",
    access: "member",
    params: idParameter("id", "book"),
    answer: { status: 200, description: "Deleted.", data: z.strictObject({ book: z.strictObject({ id: z.guid() }) }) },
    refusals: { 404: '"Book not found": not the caller’s, or kept past its week.' },
  },
  {
    method: "get",
    path: "/family-book/books/{id}/pdf",
    tag: "Family Book",
    summary: "One of the member's finished printed books: a redirect to a signed address of the PDF, valid five minutes",
    access: "member",
    params: idParameter("id", "book"),
    answer: { status: 302, description: "Location: the signed address, which serves the PDF as an attachment under the book's file_name." },
    refusals: { 404: '"Book not found": not the caller’s, or kept past its week.', 409: '"This book is not ready yet.": still being made, or it failed.' },
  },
];
