import { z } from "zod";
import { preparedFileFields } from "./prepared-files";

// A printed Family Book made by a job, as the API shows it (docs/product.md §16,
// docs/decisions/028-book-builds.md). The download dialog polls it for its progress bar.

export const BOOK_BUILD_STATUSES = ["queued", "building", "ready", "failed"] as const;

export const bookBuildDtoSchema = z
  .strictObject({
    id: preparedFileFields.id,
    status: z.enum(BOOK_BUILD_STATUSES).meta({ description: "queued, then building, then ready (or failed)." }),
    progress: z
      .strictObject({
        percent: z.number().int().min(0).max(100).meta({ description: "How far along the book is, for a progress bar." }),
        message: z.string().meta({ description: 'What is being done, to show as it is: "Laying out page 212 of 480".' }),
        pages_total: z.number().int().nonnegative().nullable().meta({ description: "How many pages the book has, once its pages are arranged." }),
      })
      .meta({ description: "Where the making of the book is." }),
    options: z.record(z.string(), z.string()).meta({ description: "The choices the book was asked for with, as GET /family-book/pdf takes them." }),
    file_name: preparedFileFields.file_name,
    byte_size: preparedFileFields.byte_size,
    download_url: z.string().nullable().meta({ description: "Where the owner downloads the PDF, once ready: /api/family-book/books/{id}/pdf." }),
    created_at: preparedFileFields.created_at,
    finished_at: preparedFileFields.finished_at,
    expires_at: preparedFileFields.expires_at,
  })
  .meta({ id: "BookBuild" });

export type BookBuildDto = z.output<typeof bookBuildDtoSchema>;
