import { z } from "zod";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { plainText } from "./text";

// One schema per rule (docs/product.md §5), used by the memory form (react-hook-form) and by the
// /api/memories handlers alike. Messages are the product's exact words (docs/product.md §5).

export const TITLE_REQUIRED = "Title is required";
export const DATE_REQUIRED = "Please select a date";
export const CONTENT_REQUIRED = "Memory content is required";
export const DATE_INVALID = "Please select a real date (YYYY-MM-DD)";
export const DATE_IN_FUTURE = "The date of a memory cannot be in the future";
export const TAG_SELF = "You cannot tag yourself";
export const TAG_OUTSIDE_FAMILY = "You can only tag members of your own family";

export const TOO_MANY_PHOTOS_TITLE = "Too many photos";
export const TOO_MANY_PHOTOS = `You can only upload up to ${MAX_PHOTOS_PER_MEMORY} photos per memory.`;
export const FILE_TOO_LARGE_TITLE = "File too large";
export const fileTooLarge = (fileName: string) => `${fileName} is larger than ${MAX_PHOTO_BYTES / 1024 / 1024}MB`;
export const NOT_AN_IMAGE_TITLE = "Only image files can be uploaded";
export const notAnImage = (fileName: string) => `${fileName} is not an image. Only image files can be uploaded.`;
export const TOO_MANY_PIXELS_TITLE = "Photo too large";
/** A picture over MAX_PHOTO_PIXELS, named, with its size when it is known. */
export const tooManyPixels = (fileName: string, size?: { width: number; height: number }) =>
  `${fileName} ${size ? `is ${size.width} × ${size.height} pixels, more than` : "has more than"} the ${MAX_PHOTO_PIXELS / 1_000_000} million pixels a photo can have. Please choose a smaller photo.`;
export const UNSUPPORTED_FORMAT_TITLE = "Photo format not supported";
/** HEIC (iPhone photos kept as HEIC): recognised, but it cannot be read here. */
export const heicNotSupported = (fileName: string) => `${fileName} is a HEIC photo, which Family Book cannot read yet. Please choose a JPEG or PNG copy of it.`;

export const UPLOAD_NOT_FOUND = "A photo upload was not found or has expired. Please add the photo again.";

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 20_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export { localToday } from "@/lib/dates";

/**
 * The latest calendar date anywhere on Earth (UTC+14). The server cannot know the writer's time
 * zone, so "not after today" means not after the first place where today has already begun.
 */
export function latestToday(now = new Date()) {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function isRealDate(value: string) {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const memoryTitle = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`)
  .superRefine(plainText("Title"));
export const memoryContent = z
  .string({ error: CONTENT_REQUIRED })
  .trim()
  .min(1, CONTENT_REQUIRED)
  .max(CONTENT_MAX_LENGTH, `Memory content must be at most ${CONTENT_MAX_LENGTH} characters`)
  .superRefine(plainText("Memory content", "multi-line"));
export const memoryDate = z
  .string({ error: DATE_REQUIRED })
  .trim()
  .min(1, DATE_REQUIRED)
  .superRefine(plainText("The date"))
  .refine(isRealDate, DATE_INVALID)
  .refine((value) => !isRealDate(value) || value <= latestToday(), DATE_IN_FUTURE);
/** An id in a list (tagged people, photos to delete): checked against the database later. */
const listedId = (label: string) => z.string().trim().min(1).max(100).superRefine(plainText(label));
export const taggedUserIds = z
  .array(listedId("A tagged person's id"))
  .max(100, "Too many people tagged")
  .transform((ids) => [...new Set(ids)]);

/** What the add and edit forms hold. */
export const memoryFormSchema = z.object({
  title: memoryTitle,
  memory_date: memoryDate,
  content: memoryContent,
  is_shared: z.boolean(),
  taggedUserIds,
});

export type MemoryFormValues = z.input<typeof memoryFormSchema>;

/** is_shared travels as text in the multipart form (docs/product.md §3). */
const sharedText = z
  .enum(["true", "false", "1", "0", "on", "off", ""], { error: "is_shared must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "on");

/** POST /api/memories: the text fields of the multipart form. */
export const createMemorySchema = z.object({
  title: memoryTitle,
  memory_date: memoryDate,
  content: memoryContent,
  is_shared: sharedText.optional().transform((value) => value ?? false),
  taggedUserIds: taggedUserIds.optional().transform((value) => value ?? []),
});

/** PUT /api/memories/{id}: every field optional, only the fields sent change. */
export const updateMemorySchema = z.object({
  title: memoryTitle.optional(),
  memory_date: memoryDate.optional(),
  content: memoryContent.optional(),
  is_shared: sharedText.optional(),
  taggedUserIds: taggedUserIds.optional(),
  photoIdsToDelete: z.array(listedId("A photo id")).max(100).optional(),
  /** Plain-text tags (people who left the family) to take off; members are untagged through taggedUserIds. */
  tagIdsToDelete: z.array(listedId("A tag id")).max(100).optional(),
});

export const toggleSharedSchema = z.object({ is_shared: z.boolean({ error: "is_shared must be true or false" }) });

/** POST /api/memories/uploads: the browser asks where to put one photo before sending it. */
export const photoUploadRequestSchema = z.object({
  file_name: z.string({ error: "file_name is required" }).trim().min(1, "file_name is required").max(255).superRefine(plainText("The file name")),
  content_type: z.string({ error: "content_type is required" }).trim().min(1, "content_type is required").max(100).superRefine(plainText("The content type")),
  size: z.number({ error: "size is required" }).int().min(1, "The file is empty"),
});

export type CreateMemoryInput = z.output<typeof createMemorySchema>;
export type UpdateMemoryInput = z.output<typeof updateMemorySchema>;
