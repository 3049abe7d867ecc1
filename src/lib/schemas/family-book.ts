import { z } from "zod";
import { UUID_PATTERN } from "./auth";

// Options of the printed Family Book (GET /api/family-book/pdf and the download dialog).

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must look like 2024-05-31")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "That date does not exist",
  );

/** The trim sizes: A4, US Letter and 6 × 9 in, the print-on-demand standard for books. */
export const PAPER_SIZES = ["A4", "LETTER", "6x9"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const CHAPTER_KINDS = ["year", "member"] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

const emptyAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const bookOptionsSchema = z
  .object({
    member: z.preprocess(emptyAsUndefined, z.string().regex(UUID_PATTERN, "Family member not found").optional()),
    from: z.preprocess(emptyAsUndefined, calendarDate.optional()),
    to: z.preprocess(emptyAsUndefined, calendarDate.optional()),
    size: z.preprocess(
      emptyAsUndefined,
      z.enum(PAPER_SIZES, { error: "Paper size must be A4, LETTER or 6x9" }).default("A4").meta({ description: "The trim size: A4, US Letter or 6 × 9 in." }),
    ),
    chapters: z.preprocess(
      emptyAsUndefined,
      z.enum(CHAPTER_KINDS, { error: "Chapters must be by year or by member" }).default("year").meta({ description: "A chapter per year, or per member." }),
    ),
    cover: z.preprocess(
      emptyAsUndefined,
      z.string().regex(UUID_PATTERN, "Photo not found").optional().meta({ description: "The cover photo: an `id` from GET /family-book/photos." }),
    ),
    comments: z.preprocess(
      emptyAsUndefined,
      z
        .enum(["include"], { error: 'Comments must be "include" or left out' })
        .optional()
        .meta({ description: '"include" prints each story\'s comments under it; left out, the book has none.' }),
    ),
    print: z.preprocess(
      emptyAsUndefined,
      z
        .enum(["large"], { error: 'Print must be "large" or left out' })
        .optional()
        .meta({ description: '"large": the large-print edition, its stories in 14.5 pt type and everything else larger with them; left out, 11 pt.' }),
    ),
  })
  .refine((options) => !options.from || !options.to || options.from <= options.to, {
    message: "The start date must be on or before the end date",
    path: ["to"],
  });

export type BookOptions = z.output<typeof bookOptionsSchema>;
