import { z } from "zod";
import { UUID_PATTERN } from "./auth";

// Options of the printed Family Book (GET /api/family-book/pdf and the download dialog).

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must look like 2024-05-31")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "That date does not exist");

const emptyAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const bookOptionsSchema = z
  .object({
    member: z.preprocess(emptyAsUndefined, z.string().regex(UUID_PATTERN, "Family member not found").optional()),
    from: z.preprocess(emptyAsUndefined, calendarDate.optional()),
    to: z.preprocess(emptyAsUndefined, calendarDate.optional()),
    size: z.preprocess(emptyAsUndefined, z.enum(["A4", "LETTER"], { error: "Paper size must be A4 or LETTER" }).default("A4")),
  })
  .refine((options) => !options.from || !options.to || options.from <= options.to, {
    message: "The start date must be on or before the end date",
    path: ["to"],
  });

export type BookOptions = z.output<typeof bookOptionsSchema>;
