import { z } from "zod";

// The export format, version 1 (docs/export-format.md, docs/decisions/023-export-and-import.md).
// An export is a ZIP holding `data.json` (this schema), `index.html` (a page to read it with, no
// script), and `photos/<memory id>/<photo id>.<ext>` (each photo's original). The JSON Schema file
// docs/export-format.schema.json is generated from this schema (tests/api/data-export.test.ts
// holds the two to each other), and the import reads every export through it.

export const EXPORT_FORMAT = "family-book-export";
export const EXPORT_VERSION = 1;
export const EXPORT_DATA_FILE = "data.json";
export const EXPORT_INDEX_FILE = "index.html";

export const exportScopeSchema = z.enum(["account", "family"]);
export type ExportScope = z.output<typeof exportScopeSchema>;

const uuid = z.guid();
const timestamp = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().max(max);

/** A photo's place in the ZIP: photos/<memory id>/<photo id>.<jpg|png|webp|gif>. */
export const PHOTO_PATH_PATTERN = /^photos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;

export const exportPersonSchema = z.strictObject({
  id: uuid,
  first_name: text(200),
  last_name: text(200),
  email: text(320),
});

export const exportPhotoSchema = z.strictObject({
  id: uuid,
  order_number: z.int().min(0).max(100),
  /** Where the original is inside the ZIP. */
  file: z.string().regex(PHOTO_PATH_PATTERN),
  content_type: z.enum(["image/jpeg", "image/png", "image/webp", "image/gif"]),
  width: z.int().min(1),
  height: z.int().min(1),
  byte_size: z.int().min(1),
  created_at: timestamp,
});

export const exportTagSchema = z.strictObject({
  /** The tagged person's id (one of `people`). */
  id: uuid,
  /** Their name when the export was made. */
  name: text(401),
  email: text(320),
});

/**
 * A "Tell us more" question about a memory or an answer, and the author's answer once given
 * (docs/product.md §22). Exports made before follow-up questions existed have none.
 */
export const exportFollowUpSchema = z.strictObject({
  id: uuid,
  /** Who asked (one of `people`). */
  asked_by_id: uuid,
  question: text(500),
  asked_at: timestamp,
  /** null while it waits for the author's answer (only in an export of one's own account). */
  answer: text(5_000).nullable(),
  answered_at: timestamp.nullable(),
});
const followUps = z.array(exportFollowUpSchema).max(10_000).optional();

export const exportMemorySchema = z.strictObject({
  id: uuid,
  author_id: uuid,
  title: text(200),
  content: text(20_000),
  memory_date: z.iso.date(),
  is_shared: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  tags: z.array(exportTagSchema).max(500),
  photos: z.array(exportPhotoSchema).max(20),
  follow_ups: followUps,
});

export const exportQuestionSchema = z.strictObject({
  id: uuid,
  question_text: text(1000),
  description: text(2000).nullable(),
  input_type: z.enum(["text", "textarea"]),
  is_required: z.boolean(),
  position: z.int().min(0).max(1000),
});

/** A questionnaire written in a family (never the built-in library, which every instance has). */
export const exportQuestionnaireSchema = z.strictObject({
  id: uuid,
  title: text(200),
  description: text(2000).nullable(),
  audience: z.enum(["FAMILY_WIDE", "SPECIFIC_FAMILY_MEMBERS"]),
  allow_multiple_responses: z.boolean(),
  created_by_id: uuid.nullable(),
  created_at: timestamp,
  target_ids: z.array(uuid).max(500),
  questions: z.array(exportQuestionSchema).min(1).max(200),
});

export const exportResponseSchema = z.strictObject({
  id: uuid,
  question_id: uuid,
  question_text: text(1000),
  answer_text: text(20_000),
  is_shared: z.boolean(),
  created_at: timestamp,
  follow_ups: followUps,
});

export const exportSubmissionSchema = z.strictObject({
  id: uuid,
  author_id: uuid,
  questionnaire_id: uuid,
  questionnaire_title: text(200),
  /** true: a questionnaire of the built-in library (same ids on every instance); false: one of `questionnaires`. */
  library: z.boolean(),
  is_shared: z.boolean(),
  created_at: timestamp,
  responses: z.array(exportResponseSchema).min(1).max(200),
});

export const exportDocumentSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  /** "account": what one person wrote; "family": everything a family shared, every member's. */
  scope: exportScopeSchema,
  exported_at: timestamp,
  exported_by: exportPersonSchema,
  family: z.strictObject({ id: uuid, name: text(200).nullable() }).nullable(),
  /** Everyone the export names: authors, tagged people, questionnaire creators and targets. */
  people: z.array(exportPersonSchema).max(10_000),
  memories: z.array(exportMemorySchema).max(100_000),
  questionnaires: z.array(exportQuestionnaireSchema).max(10_000),
  submissions: z.array(exportSubmissionSchema).max(100_000),
});

export type ExportDocument = z.output<typeof exportDocumentSchema>;
export type ExportMemory = z.output<typeof exportMemorySchema>;
export type ExportPerson = z.output<typeof exportPersonSchema>;
export type ExportFollowUp = z.output<typeof exportFollowUpSchema>;

/** The JSON Schema of data.json (draft-07), as docs/export-format.schema.json holds it. */
export function exportJsonSchema() {
  const schema = z.toJSONSchema(exportDocumentSchema, { target: "draft-7" });
  return {
    $schema: schema.$schema,
    $id: "https://family-book.example/export-format/v1.schema.json",
    title: "Family Book export, version 1 (data.json)",
    description: "See docs/export-format.md. The ZIP also holds index.html and photos/<memory id>/<photo id>.<ext>.",
    ...schema,
  };
}

/** Exports whose photos come to at most this many bytes download at once; larger ones are prepared by a job. */
export const IMMEDIATE_EXPORT_MAX_BYTES = 25 * 1024 * 1024;
/** How long a prepared export can be downloaded. */
export const EXPORT_LINK_DAYS = 7;
/** The largest export ZIP an import takes. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
