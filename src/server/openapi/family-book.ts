import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { pageSchema } from "@/lib/schemas/paging";
import { coverPhotoPageSchema } from "@/server/book/list-cover-photos";
import type { Operation } from "./operation";

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
];
