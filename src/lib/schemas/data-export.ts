import { z } from "zod";
import { MAX_PHOTOS_PER_MEMORY, MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
import { memoryContent, memoryDate, memoryTitle, TOO_MANY_PHOTOS } from "./memories";
import { PREPARED_FILE_KEPT_DAYS } from "./prepared-files";
import {
  ANSWER_TOO_SHORT,
  answerProblem,
  answerText,
  MAX_PHOTOS_PER_ANSWER,
  MAX_QUESTIONS,
  questionDescription,
  questionnaireDescription,
  questionnaireTitle,
  questionText,
  TOO_MANY_ANSWER_PHOTOS,
} from "./questionnaires";
import { plainText } from "./text";

// The export format, version 1 (docs/export-format.md, docs/decisions/023-export-and-import.md).
// An export is a ZIP holding `data.json` (this schema), `index.html` (a page to read it with, no
// script), and `photos/<date> <title> <number>.<ext>` (each photo's original, named so a person
// finds it in a folder: "photos/1962-07-14 The boat on the lake 1.jpg"; an answer's photos by the
// day it was given and its question). The JSON Schema file
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

/**
 * A photo's place in the ZIP: `photos/<date> <title> <number>.<jpg|png|webp|gif>` (an answer's:
 * `photos/<date> <question> <number>.<ext>`), or, in exports
 * made until 2026-11-27, `photos/<memory id>/<photo id>.<ext>`. A name, never a path to climb out
 * of: no further folder, no leading dot, no control or invisible formatting characters (written
 * without \p{…} classes, so that every JSON Schema reader reads the pattern alike).
 */
export const PHOTO_PATH_PATTERN =
  /^photos\/(?:[0-9a-f-]{36}\/[0-9a-f-]{36}|(?!\.)[^/\\\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]{1,160})\.(jpg|png|webp|gif)$/;

/**
 * Where a memory's recording is in the ZIP: `recordings/<date> <title>.<ext>`, a name as a photo's
 * is (docs/export-format.md).
 */
export const RECORDING_PATH_PATTERN =
  /^recordings\/(?!\.)[^/\\\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]{1,160}\.(m4a|mp3|wav|ogg|webm|flac)$/;

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

/**
 * A memory, an answer or the answer to a follow-up question told out loud
 * (docs/decisions/041-voice-recordings.md): the recording as it was made. Exports made before
 * recordings existed have none, nor answers' before answers had them.
 */
export const exportRecordingSchema = z.strictObject({
  id: uuid,
  /** Where it is inside the ZIP. */
  file: z.string().regex(RECORDING_PATH_PATTERN),
  content_type: z.enum(["audio/mp4", "audio/mpeg", "audio/wav", "audio/ogg", "audio/webm", "audio/flac"]),
  duration_seconds: z.number().positive(),
  byte_size: z.int().min(1),
  /** The name the file came with. */
  file_name: text(200),
  created_at: timestamp,
  /** The words spoken (docs/decisions/042-transcripts.md); exports made before transcripts have none. */
  transcript: z.string().max(MAX_TRANSCRIPT_CHARACTERS).superRefine(plainText("The transcript", "multi-line")).nullable().optional(),
  /** Who wrote them down: the transcription engine, or the author. */
  transcript_by: z.enum(["engine", "author"]).nullable().optional(),
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
  /** The answer told out loud by the author (docs/decisions/041-voice-recordings.md); exports made before these had none. */
  recording: exportRecordingSchema.nullable().optional(),
});
const followUps = z.array(exportFollowUpSchema).max(10_000).optional();

/**
 * A comment on a memory or an answer (docs/product.md §17). Exports made before comments were
 * exported have none; an import leaves them out, as it does "Tell us more".
 */
export const exportCommentSchema = z.strictObject({
  id: uuid,
  /** Who wrote it (one of `people`). */
  author_id: uuid,
  body: text(2_000),
  created_at: timestamp,
});
const comments = z.array(exportCommentSchema).max(10_000).optional();

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
  recording: exportRecordingSchema.nullable().optional(),
  follow_ups: followUps,
  comments,
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
  /**
   * The photos given with the answer, in their order, as a memory's are. Exports made before
   * answers had photos have none.
   */
  photos: z.array(exportPhotoSchema).max(20).optional(),
  recording: exportRecordingSchema.nullable().optional(),
  follow_ups: followUps,
  comments,
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
export type ExportComment = z.output<typeof exportCommentSchema>;

/** The JSON Schema of data.json (draft-07), as docs/export-format.schema.json holds it. */
export function exportJsonSchema() {
  const schema = z.toJSONSchema(exportDocumentSchema, { target: "draft-7" });
  return {
    $schema: schema.$schema,
    $id: "https://family-book.example/export-format/v1.schema.json",
    title: "Family Book export, version 1 (data.json)",
    description: "See docs/export-format.md. The ZIP also holds index.html and photos/<date> <title or question> <number>.<ext>.",
    ...schema,
  };
}

/** Exports whose photos come to at most this many bytes download at once; larger ones are prepared by a job. */
export const IMMEDIATE_EXPORT_MAX_BYTES = 25 * 1024 * 1024;
/** How long a prepared export can be downloaded: as long as any prepared file is kept. */
export const EXPORT_LINK_DAYS = PREPARED_FILE_KEPT_DAYS;
/** The largest export ZIP an import takes. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;

// ---- What an import takes (docs/decisions/038-import-limits.md) -----------------------------
// An export is read by the format above; what it brings into an account must also pass every rule
// the API holds a person's writing to, with the API's own field schemas: a memory's title, story
// and date, at most five photos, a questionnaire's and a question's texts, an answer's text and at
// most five photos.

/** The most one import brings in: enough for a lifetime of one person's writing, bounded work. */
export const IMPORT_LIMITS = {
  memories: 10_000,
  /** Photos across the whole import, memories' and answers' (each is decoded and resized three times). */
  photos: 1_000,
  /** Decoded pixels across the whole import: about 650 photos of 12 megapixels. */
  megapixels: 8_000,
  questionnaires: 1_000,
  submissions: 10_000,
  /** Answers across every submission. */
  answers: 50_000,
  people: 10_000,
} as const;

const atMost = (count: number, what: string) => `An import can bring at most ${count.toLocaleString("en-GB")} ${what}.`;

export const importMemorySchema = exportMemorySchema.extend({
  title: memoryTitle,
  content: memoryContent,
  memory_date: memoryDate,
  photos: z.array(exportPhotoSchema).max(MAX_PHOTOS_PER_MEMORY, TOO_MANY_PHOTOS),
});

export const importQuestionnaireSchema = exportQuestionnaireSchema.extend({
  title: questionnaireTitle,
  description: questionnaireDescription,
  questions: z
    .array(exportQuestionSchema.extend({ question_text: questionText, description: questionDescription }))
    .min(1)
    .max(MAX_QUESTIONS, `A questionnaire can have at most ${MAX_QUESTIONS} questions.`),
});

const importedAnswer = answerText.refine((answer) => answerProblem(answer, false) === null, ANSWER_TOO_SHORT);

export const importSubmissionSchema = exportSubmissionSchema.extend({
  responses: z
    .array(
      exportResponseSchema.extend({
        answer_text: importedAnswer,
        photos: z.array(exportPhotoSchema).max(MAX_PHOTOS_PER_ANSWER, TOO_MANY_ANSWER_PHOTOS).optional(),
      }),
    )
    .min(1)
    .max(MAX_QUESTIONS * 2),
});

/** The document's own fields, with each list's items left to their schemas (read one by one). */
export const importHeadSchema = exportDocumentSchema.extend({
  people: z.array(z.unknown()).max(IMPORT_LIMITS.people, atMost(IMPORT_LIMITS.people, "people")),
  memories: z.array(z.unknown()).max(IMPORT_LIMITS.memories, atMost(IMPORT_LIMITS.memories, "memories")),
  questionnaires: z.array(z.unknown()).max(IMPORT_LIMITS.questionnaires, atMost(IMPORT_LIMITS.questionnaires, "questionnaires")),
  submissions: z.array(z.unknown()).max(IMPORT_LIMITS.submissions, atMost(IMPORT_LIMITS.submissions, "answered questionnaires")),
});

/** Each list of the document and the schema of its items, in the order they are read. */
export const importListSchemas = {
  people: exportPersonSchema,
  memories: importMemorySchema,
  questionnaires: importQuestionnaireSchema,
  submissions: importSubmissionSchema,
} as const;

export type ImportDocument = Omit<z.output<typeof importHeadSchema>, keyof typeof importListSchemas> & {
  [List in keyof typeof importListSchemas]: z.output<(typeof importListSchemas)[List]>[];
};
export type ImportMemory = z.output<typeof importMemorySchema>;
export type ExportPhoto = z.output<typeof exportPhotoSchema>;
export type ExportRecording = z.output<typeof exportRecordingSchema>;

export const tooManyImportPhotos = () => atMost(IMPORT_LIMITS.photos, "photos");
export const tooManyImportAnswers = () => atMost(IMPORT_LIMITS.answers, "answers");
export const tooManyImportPixels = () =>
  `The photos of this export come to more than ${IMPORT_LIMITS.megapixels.toLocaleString("en-GB")} million pixels, more than one import takes. Please import a smaller export.`;
