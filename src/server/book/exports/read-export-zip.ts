import "server-only";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { z } from "zod";
import { MAX_PHOTO_BYTES, MAX_RECORDING_BYTES } from "@/lib/constants";
import {
  EXPORT_DATA_FILE,
  EXPORT_INDEX_FILE,
  EXPORT_VERSION,
  IMPORT_LIMITS,
  importHeadSchema,
  importListSchemas,
  PHOTO_PATH_PATTERN,
  RECORDING_PATH_PATTERN,
  tooManyImportAnswers,
  tooManyImportPhotos,
  type ImportDocument,
} from "@/lib/schemas/data-export";
import { AppError } from "@/server/platform/http/app-error";
import { JsonTooDeepError, JsonTooManyValuesError, JsonTooSlowError, parseJsonInTurns } from "@/server/platform/http/bounded-json";

// Reads an export ZIP someone uploads (docs/export-format.md), trusting nothing in it: only the
// central directory's names are looked at first, and only the files the format has are accepted
// (no paths of their own: nothing is ever written under a name from the ZIP); each file's size is
// capped before it is inflated, and yauzl checks the inflated size against the declared one, so
// a small ZIP cannot unpack into gigabytes. data.json is read in turns with its nesting bounded
// (src/server/platform/http/bounded-json.ts), so a hostile one holds up no other request, then checked item
// by item by the format's schema and the API's own rules (docs/decisions/038-import-limits.md).

export const MAX_IMPORT_ENTRIES = 20_000;
export const MAX_DATA_JSON_BYTES = 32 * 1024 * 1024;
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

export const NOT_A_ZIP = "This file is not a Family Book export: it is not a ZIP archive.";
export const TOO_MANY_ENTRIES = `This export holds more than ${MAX_IMPORT_ENTRIES.toLocaleString("en-GB")} files, more than an import takes.`;
export const NO_DATA_FILE = `This ZIP is not a Family Book export: it has no ${EXPORT_DATA_FILE}.`;
export const NOT_AN_EXPORT = `This ZIP is not a Family Book export: its ${EXPORT_DATA_FILE} is not one of Family Book's.`;
export const DATA_NOT_JSON = `The export's ${EXPORT_DATA_FILE} is not valid JSON.`;
export const DATA_TOO_DEEP = `The export's ${EXPORT_DATA_FILE} is nested deeper than any Family Book export.`;
export const DATA_TOO_LARGE = `The export's ${EXPORT_DATA_FILE} holds more than one import takes. Please import a smaller export.`;
export const DATA_TOO_SLOW = `The export's ${EXPORT_DATA_FILE} took too long to read. Please import a smaller export.`;
/** How long reading data.json may take before the import is refused (a whole 32 MB one takes a second or two). */
const READ_DATA_BUDGET_MS = 60_000;
/**
 * Values data.json may hold (each text, number, list or object): a lifetime of writing is about a
 * million; the bound keeps what a 32 MB file of "0,0,0,…" builds in memory to tens of MB.
 */
const MAX_DATA_VALUES = 2_000_000;
/** Items checked between two turns of other requests. */
const ITEMS_PER_TURN = 200;
export const FAMILY_EXPORT_NOT_IMPORTABLE =
  "This is an export of a family's book. An import takes a personal export (Export my data), whose memories and answers are all its author's.";
export const unexpectedFile = (name: string) => `This export holds a file that does not belong in one: ${JSON.stringify(name.slice(0, 200))}.`;
export const duplicateFile = (name: string) => `This export holds ${JSON.stringify(name.slice(0, 200))} twice.`;
export const fileTooLargeInZip = (name: string) => `${name.slice(0, 200)} in the export is larger than an import takes.`;
export const missingPhoto = (file: string) => `The export names a photo that is not in the ZIP: ${file}.`;
export const missingRecording = (file: string) => `The export names a recording that is not in the ZIP: ${file}.`;
export const recordingNamedTwice = (file: string) => `The export names the recording ${file} more than once; each recording belongs to one memory.`;
export const photoNamedTwice = (file: string) => `The export names the photo ${file} more than once; each photo belongs to one memory or one answer.`;
export const unreadableFile = (name: string) => `${name.slice(0, 200)} in the export cannot be read: the ZIP is damaged.`;
export const unsupportedVersion = (version: unknown) =>
  `This export is of format version ${JSON.stringify(version)}; this Family Book reads version ${EXPORT_VERSION}.`;
export const invalidData = (path: string, message: string) => `The export's ${EXPORT_DATA_FILE} is not valid: ${path ? `${path}: ` : ""}${message}`;

const DIRECTORY_PATTERN = /^(?:photos\/([0-9a-f-]{36}\/)?|recordings\/)$/;

const bad = (message: string) => new AppError("BAD_REQUEST", message);

export type OpenedExport = {
  document: ImportDocument;
  /** The bytes of one photo of the document (at most MAX_PHOTO_BYTES). */
  readPhoto(file: string): Promise<Buffer>;
  /** The first bytes of one photo, enough for its header (its size) without inflating the rest. */
  readPhotoStart(file: string): Promise<Buffer>;
  /** One recording of the document as its bytes are inflated (at most MAX_RECORDING_BYTES), never whole in memory. */
  readRecording(file: string): AsyncGenerator<Uint8Array>;
  close(): void;
};

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true }, (error, zip) =>
      error || !zip ? reject(bad(NOT_A_ZIP)) : resolve(zip),
    );
  });
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on("entry", (entry: Entry) => {
      const name = entry.fileName;
      if (DIRECTORY_PATTERN.test(name)) return zip.readEntry();
      const recording = RECORDING_PATH_PATTERN.test(name);
      if (name !== EXPORT_DATA_FILE && name !== EXPORT_INDEX_FILE && !PHOTO_PATH_PATTERN.test(name) && !recording) return reject(bad(unexpectedFile(name)));
      if (entries.has(name)) return reject(bad(duplicateFile(name)));
      // Bit 0: encrypted. An export is never encrypted.
      if ((entry.generalPurposeBitFlag & 1) !== 0) return reject(bad(unreadableFile(name)));
      const cap =
        name === EXPORT_DATA_FILE ? MAX_DATA_JSON_BYTES : name === EXPORT_INDEX_FILE ? MAX_INDEX_BYTES : recording ? MAX_RECORDING_BYTES : MAX_PHOTO_BYTES;
      if (entry.uncompressedSize > cap) return reject(bad(fileTooLargeInZip(name)));
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", (error: Error) => {
      // yauzl's own refusal of a name: "../" in it, an absolute path, a backslash.
      const name = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message)?.[1];
      reject(bad(name === undefined ? NOT_A_ZIP : unexpectedFile(name)));
    });
    zip.readEntry();
  });
}

/** How much of a photo is read for its header: a JPEG's size comes after its metadata segments. */
const PHOTO_START_BYTES = 128 * 1024;

/** The entry's first bytes, at most `length`; the rest is never inflated. */
async function readEntryStart(zip: ZipFile, entry: Entry, length: number): Promise<Buffer> {
  const stream = await openEntry(zip, entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= length) break;
    }
  } catch {
    throw bad(unreadableFile(entry.fileName));
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, length);
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error || !readable ? reject(bad(unreadableFile(entry.fileName))) : resolve(readable))),
  );
}

/** Hands each inflated chunk of the entry to `take`, refusing the entry once it passes `cap`. */
async function eachChunk(zip: ZipFile, entry: Entry, cap: number, take: (chunk: Buffer) => void) {
  const stream = await openEntry(zip, entry);
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // yauzl stops at the declared size already; this is the second lock on the same door.
      if (size > cap) throw bad(fileTooLargeInZip(entry.fileName));
      take(chunk as Buffer);
    }
  } catch (error) {
    stream.destroy();
    throw error instanceof AppError ? error : bad(unreadableFile(entry.fileName));
  }
}

async function readEntry(zip: ZipFile, entry: Entry, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await eachChunk(zip, entry, cap, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/**
 * The entry as text, decoded chunk by chunk as it is inflated: a 32 MB data.json is never copied
 * into one buffer and decoded at once, which would hold every other request up for a tenth of a second.
 */
async function readEntryText(zip: ZipFile, entry: Entry, cap: number): Promise<string> {
  const decoder = new StringDecoder("utf8");
  let text = "";
  await eachChunk(zip, entry, cap, (chunk) => (text += decoder.write(chunk)));
  return text + decoder.end();
}

/** The first problem zod found in data.json, as a sentence with its place (memories.3.title). */
function describeIssue(error: z.ZodError, place: (string | number)[] = []) {
  const issue = error.issues[0]!;
  return invalidData([...place, ...issue.path].map(String).join("."), issue.message);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The document, checked by its own fields first, then each list's items one by one, giving other
 * requests their turn every ITEMS_PER_TURN items: the lists are bounded by IMPORT_LIMITS before
 * any item is looked at.
 */
async function checkDocument(json: unknown): Promise<ImportDocument> {
  const head = importHeadSchema.safeParse(json);
  if (!head.success) throw bad(describeIssue(head.error));
  const lists = {} as { -readonly [List in keyof typeof importListSchemas]: unknown[] };
  for (const list of Object.keys(importListSchemas) as (keyof typeof importListSchemas)[]) {
    const schema = importListSchemas[list];
    const items: unknown[] = [];
    for (const [index, item] of head.data[list].entries()) {
      if (index > 0 && index % ITEMS_PER_TURN === 0) await nextTurn();
      const parsed = schema.safeParse(item);
      if (!parsed.success) throw bad(describeIssue(parsed.error, [list, index]));
      items.push(parsed.data);
    }
    lists[list] = items;
  }
  return { ...head.data, ...lists } as ImportDocument;
}

async function readData(text: string): Promise<unknown> {
  try {
    return await parseJsonInTurns(text, { maxValues: MAX_DATA_VALUES, deadline: performance.now() + READ_DATA_BUDGET_MS });
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw bad(DATA_TOO_DEEP);
    if (error instanceof JsonTooManyValuesError) throw bad(DATA_TOO_LARGE);
    if (error instanceof JsonTooSlowError) throw bad(DATA_TOO_SLOW);
    throw bad(DATA_NOT_JSON);
  }
}

/**
 * Checks what the schemas cannot: references between parts, that the photos are in the ZIP, each
 * named once (a ZIP entry is one photo of one memory or one answer), and the import's totals (the
 * photos counted across memories and answers alike).
 */
function checkReferences(document: ImportDocument, entries: Map<string, Entry>) {
  const people = new Set(document.people.map((person) => person.id));
  const questionnaires = new Map(document.questionnaires.map((questionnaire) => [questionnaire.id, new Set(questionnaire.questions.map((q) => q.id))]));
  const ids = new Set<string>();
  const photoFiles = new Set<string>();
  const recordingFiles = new Set<string>();
  const unique = (id: string, where: string) => {
    if (ids.has(id)) throw bad(invalidData(where, `the id ${id} is used twice.`));
    ids.add(id);
  };
  /** A memory's or an answer's photos: each at its own place, in the ZIP, and named by nothing else. */
  const checkPhotos = (photos: { id: string; order_number: number; file: string }[], where: string) => {
    const orders = new Set<number>();
    for (const [photoIndex, photo] of photos.entries()) {
      unique(photo.id, `${where}.${photoIndex}.id`);
      if (orders.has(photo.order_number)) throw bad(invalidData(`${where}.${photoIndex}.order_number`, "two photos have the same place."));
      orders.add(photo.order_number);
      if (!entries.has(photo.file)) throw bad(missingPhoto(photo.file));
      if (photoFiles.has(photo.file)) throw bad(photoNamedTwice(photo.file));
      photoFiles.add(photo.file);
      if (photoFiles.size > IMPORT_LIMITS.photos) throw bad(tooManyImportPhotos());
    }
  };
  if (!people.has(document.exported_by.id)) throw bad(invalidData("exported_by", "the exporting person is not among people."));
  for (const [index, memory] of document.memories.entries()) {
    unique(memory.id, `memories.${index}.id`);
    if (memory.author_id !== document.exported_by.id)
      throw bad(invalidData(`memories.${index}.author_id`, "a personal export holds only its author's memories."));
    for (const [tagIndex, tag] of memory.tags.entries()) {
      if (!people.has(tag.id)) throw bad(invalidData(`memories.${index}.tags.${tagIndex}.id`, "the tagged person is not among people."));
    }
    checkPhotos(memory.photos, `memories.${index}.photos`);
    if (memory.recording) {
      unique(memory.recording.id, `memories.${index}.recording.id`);
      if (!entries.has(memory.recording.file)) throw bad(missingRecording(memory.recording.file));
      if (recordingFiles.has(memory.recording.file)) throw bad(recordingNamedTwice(memory.recording.file));
      recordingFiles.add(memory.recording.file);
    }
  }
  for (const [index, questionnaire] of document.questionnaires.entries()) {
    unique(questionnaire.id, `questionnaires.${index}.id`);
    for (const [questionIndex, question] of questionnaire.questions.entries()) unique(question.id, `questionnaires.${index}.questions.${questionIndex}.id`);
    if (questionnaire.created_by_id && !people.has(questionnaire.created_by_id)) {
      throw bad(invalidData(`questionnaires.${index}.created_by_id`, "the person is not among people."));
    }
    for (const [targetIndex, target] of questionnaire.target_ids.entries()) {
      if (!people.has(target)) throw bad(invalidData(`questionnaires.${index}.target_ids.${targetIndex}`, "the person is not among people."));
    }
  }
  let answers = 0;
  for (const [index, submission] of document.submissions.entries()) {
    unique(submission.id, `submissions.${index}.id`);
    answers += submission.responses.length;
    if (answers > IMPORT_LIMITS.answers) throw bad(tooManyImportAnswers());
    if (submission.author_id !== document.exported_by.id)
      throw bad(invalidData(`submissions.${index}.author_id`, "a personal export holds only its author's answers."));
    const questions = questionnaires.get(submission.questionnaire_id);
    if (!submission.library && !questions) throw bad(invalidData(`submissions.${index}.questionnaire_id`, "the questionnaire is not among questionnaires."));
    const answered = new Set<string>();
    for (const [responseIndex, response] of submission.responses.entries()) {
      unique(response.id, `submissions.${index}.responses.${responseIndex}.id`);
      if (answered.has(response.question_id))
        throw bad(invalidData(`submissions.${index}.responses.${responseIndex}.question_id`, "the question is answered twice."));
      answered.add(response.question_id);
      if (questions && !questions.has(response.question_id)) {
        throw bad(invalidData(`submissions.${index}.responses.${responseIndex}.question_id`, "the question is not one of its questionnaire's."));
      }
      checkPhotos(response.photos ?? [], `submissions.${index}.responses.${responseIndex}.photos`);
    }
  }
}

/** Opens an uploaded export at filePath; every refusal is a 400 with a sentence saying why. */
export async function openExportZip(filePath: string): Promise<OpenedExport> {
  const zip = await openZip(filePath);
  try {
    if (zip.entryCount > MAX_IMPORT_ENTRIES) throw bad(TOO_MANY_ENTRIES);
    const entries = await listEntries(zip);
    const dataEntry = entries.get(EXPORT_DATA_FILE);
    if (!dataEntry) throw bad(NO_DATA_FILE);
    const json = await readData(await readEntryText(zip, dataEntry, MAX_DATA_JSON_BYTES));
    const head = z.looseObject({ format: z.literal("family-book-export"), version: z.unknown() }).safeParse(json);
    if (!head.success) throw bad(NOT_AN_EXPORT);
    if (head.data.version !== EXPORT_VERSION) throw bad(unsupportedVersion(head.data.version));
    const document = await checkDocument(json);
    if (document.scope !== "account") throw bad(FAMILY_EXPORT_NOT_IMPORTABLE);
    checkReferences(document, entries);
    return {
      document,
      readPhoto: (file) => {
        const entry = entries.get(file);
        if (!entry) return Promise.reject(bad(missingPhoto(file)));
        return readEntry(zip, entry, MAX_PHOTO_BYTES);
      },
      readPhotoStart: (file) => {
        const entry = entries.get(file);
        if (!entry) return Promise.reject(bad(missingPhoto(file)));
        return readEntryStart(zip, entry, PHOTO_START_BYTES);
      },
      async *readRecording(file) {
        const entry = entries.get(file);
        if (!entry) throw bad(missingRecording(file));
        const stream = await openEntry(zip, entry);
        let size = 0;
        try {
          for await (const chunk of stream) {
            size += (chunk as Buffer).length;
            if (size > MAX_RECORDING_BYTES) throw bad(fileTooLargeInZip(entry.fileName));
            yield chunk as Buffer;
          }
        } catch (error) {
          throw error instanceof AppError ? error : bad(unreadableFile(entry.fileName));
        } finally {
          stream.destroy();
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
