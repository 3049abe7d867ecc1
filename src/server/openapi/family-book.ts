import { bookOptionsSchema } from "@/lib/schemas/family-book";
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
      400: "Options that cannot be used (per field): dates that do not exist, a start after the end, a paper size other than A4 or LETTER.",
      404: '"Family member not found": member is not in the family.',
    },
  },
];
