import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readImageHeader } from "@/lib/photos/image-header";
import { normalizeEmail } from "@/lib/schemas/auth";
import { IMPORT_LIMITS, IMPORT_MAX_BYTES, tooManyImportPixels, type ExportPhoto, type ExportRecording, type ImportMemory } from "@/lib/schemas/data-export";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { photoFolder, processPhoto, storePhoto, type StoredPhoto } from "@/server/memories/photo-pipeline";
import { now as clockNow } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit, tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";
import { readBodyChunks } from "@/server/platform/http/read-body";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { queuePlayableCopy } from "@/server/recordings/playable-copy";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { recordingColumns, storeRecording } from "@/server/recordings/store-recording";
import { openExportZip, type OpenedExport } from "./read-export-zip";

// Import (docs/decisions/023-export-and-import.md): a personal export comes back into the signed-in
// account. Every photo, a memory's or an answer's, goes through the upload pipeline (bytes
// checked, metadata dropped, variants made) before anything is saved; then every row is written in
// one transaction, so a refused or failed import leaves nothing behind (its photo objects are
// removed again). People are matched by email: a tag or questionnaire target comes back when that
// person is in the importer's family, and is dropped otherwise (the model keeps tags as people,
// not as text).

export const IMPORT_TOO_LARGE = `An export to import can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
export const IMPORT_NOT_ZIP_TYPE = "Send the export as the request body, with Content-Type: application/zip.";
export const IMPORT_ALREADY_RUNNING = "An import into your account is already running. Please wait for it to finish, then try again.";

/** Imports one person may start in an hour (each reads up to 512 MB and processes up to 1,000 photos). */
export const importsByAccount: RateLimitRule = {
  name: "imports-account",
  limit: 5,
  windowSeconds: 60 * 60,
  message: (minutes) => `Too many imports in a short time. ${tryAgain(minutes)}`,
};
/** A run not finished after this long was left by a process that stopped: the next import takes it over. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export type ImportSummary = {
  memories: number;
  photos: number;
  questionnaires: number;
  submissions: number;
  tags_linked: number;
  tags_dropped: number;
  answers_dropped: number;
};

/**
 * Streams the request body to a temporary file (at most IMPORT_MAX_BYTES), imports it, removes it.
 * Counted and taken one at a time per person before a byte of the upload is read.
 */
export async function importExportFromRequest({ viewer, request }: { viewer: UserDto; request: Request }): Promise<ImportSummary> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/zip" && type !== "application/x-zip-compressed" && type !== "application/octet-stream") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", IMPORT_NOT_ZIP_TYPE);
  }
  await countAndLimit(importsByAccount, viewer.id);
  return oneImportAtATime(viewer.id, async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "family-book-import-"));
    try {
      const file = path.join(directory, "import.zip");
      await pipeline(Readable.from(readBodyChunks(request, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE)), createWriteStream(file));
      return await importExportFile({ viewer, filePath: file });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
}

/** Runs the import while holding the person's one import_runs row; a second import meanwhile answers 409. */
async function oneImportAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const prisma = await getDb();
  const now = clockNow();
  // Taking the row is one statement: of two imports at the same moment, one inserts and the other
  // finds it (ON CONFLICT), unless it was abandoned, in which case exactly one of them takes it over.
  const taken = await prisma.$executeRaw`
    INSERT INTO import_runs (user_id, started_at) VALUES (${userId}::uuid, ${now})
    ON CONFLICT (user_id) DO UPDATE SET started_at = EXCLUDED.started_at
     WHERE import_runs.started_at < ${new Date(now.getTime() - ABANDONED_AFTER_MS)}`;
  if (taken === 0) throw new AppError("CONFLICT", IMPORT_ALREADY_RUNNING);
  try {
    return await work();
  } finally {
    await prisma.importRun.deleteMany({ where: { user_id: userId, started_at: now } });
  }
}

export async function importExportFile({ viewer, filePath }: { viewer: UserDto; filePath: string }): Promise<ImportSummary> {
  const opened = await openExportZip(filePath);
  try {
    return await importOpened(viewer, opened);
  } finally {
    opened.close();
  }
}

const PIXEL_BUDGET = IMPORT_LIMITS.megapixels * 1_000_000;

/** A photo stored for the import, with its place among its item's and the moment it was added. */
type ImportedPhoto = StoredPhoto & { order_number: number; created_at: Date };

async function importOpened(viewer: UserDto, { document, readPhoto, readPhotoStart, readRecording }: OpenedExport): Promise<ImportSummary> {
  const prisma = await getDb();
  const storage = getStorage();

  // Who is who here: the exporting person is the importer; anyone else by email, in their family.
  const familyMembers = viewer.family_id
    ? await prisma.user.findMany({ where: { family_id: viewer.family_id, id: { not: viewer.id } }, select: { id: true, email_normalized: true } })
    : [];
  const byEmail = new Map(familyMembers.map((member) => [member.email_normalized, member.id]));
  const personHere = new Map<string, string | null>();
  for (const person of document.people) {
    personHere.set(person.id, person.id === document.exported_by.id ? viewer.id : (byEmail.get(normalizeEmail(person.email)) ?? null));
  }

  // The built-in library's questions have the same ids on every instance.
  const libraryIds = [...new Set(document.submissions.filter((submission) => submission.library).map((submission) => submission.questionnaire_id))];
  const libraryQuestions = new Set(
    (await prisma.question.findMany({ where: { questionnaire_id: { in: libraryIds }, questionnaire: { audience: "GLOBAL" } }, select: { id: true } })).map(
      (question) => question.id,
    ),
  );

  // Whether an answer comes back: one to a library question this instance does not have cannot.
  const answerComesBack = (library: boolean, questionId: string) => !library || libraryQuestions.has(questionId);
  // Each answer that comes back with photos or a recording, by its id in the export: its id here, its photos and its recording.
  const answersWithFiles = document.submissions.flatMap((submission) =>
    submission.responses
      .filter((response) => ((response.photos?.length ?? 0) > 0 || response.recording) && answerComesBack(submission.library, response.question_id))
      .map((response) => ({ exportId: response.id, responseId: randomUUID(), photos: response.photos ?? [], recording: response.recording ?? null })),
  );

  // The pixel budget, from each photo's header before any is decoded: an import over it does no
  // photo work at all. A photo whose first bytes do not tell its size is counted once decoded
  // (processPhoto refuses any single photo over 50 megapixels). Memories' and answers' photos share it.
  let pixels = 0;
  const sizedByHeader = new Set<string>();
  for (const photo of [...document.memories.flatMap((memory) => memory.photos), ...answersWithFiles.flatMap((answer) => answer.photos)]) {
    const header = readImageHeader(await readPhotoStart(photo.file));
    if (!header?.width || !header.height) continue;
    sizedByHeader.add(photo.file);
    pixels += header.width * header.height;
    if (pixels > PIXEL_BUDGET) throw new AppError("BAD_REQUEST", tooManyImportPixels());
  }

  // The photos first, through the upload pipeline; a refused photo refuses the whole import.
  const written: string[] = [];
  try {
    let photoCount = 0;
    /** One item's photos, in their order, stored under its folder. */
    const importPhotos = async (photos: ExportPhoto[], folder: string) => {
      const stored: ImportedPhoto[] = [];
      for (const photo of [...photos].sort((a, b) => a.order_number - b.order_number)) {
        const bytes = await readPhoto(photo.file);
        const processed = await processPhoto({ fileName: photo.file.split("/").pop()!, bytes }).catch((error: unknown) => {
          // The upload's own refusal and words; for an import it is the ZIP's content that is wrong: 400.
          throw error instanceof AppError ? new AppError("BAD_REQUEST", error.message) : error;
        });
        if (!sizedByHeader.has(photo.file)) {
          pixels += processed.width * processed.height;
          if (pixels > PIXEL_BUDGET) throw new AppError("BAD_REQUEST", tooManyImportPixels());
        }
        const saved = await storePhoto({ storage, folder, photo: processed, written });
        stored.push({ ...saved, order_number: stored.length, created_at: new Date(photo.created_at) });
        photoCount += 1;
      }
      return stored;
    };
    /** A memory's or an answer's recording, stored and checked by its bytes as one sent by its author is. */
    const importRecording = async (recording: ExportRecording, ownerId: string) => {
      const key = `${RECORDINGS_PREFIX}${ownerId}/${randomUUID()}`;
      written.push(key);
      const facts = await storeRecording({ storage, key, chunks: readRecording(recording.file), fileName: recording.file_name }).catch((error: unknown) => {
        throw error instanceof AppError ? new AppError("BAD_REQUEST", error.message) : error;
      });
      return {
        original_key: key,
        file_name: recording.file_name,
        created_at: new Date(recording.created_at),
        ...recordingColumns(facts),
        // Its words as they were kept; one without any is for its author to type.
        ...(recording.transcript
          ? { transcript: recording.transcript, transcript_status: "ready", transcript_by: recording.transcript_by ?? "author" }
          : { transcript_status: "none" }),
      };
    };
    const memories: { memory: ImportMemory; memoryId: string; stored: ImportedPhoto[]; recording: Awaited<ReturnType<typeof importRecording>> | null }[] = [];
    for (const memory of document.memories) {
      const memoryId = randomUUID();
      const stored = await importPhotos(memory.photos, photoFolder.memory(memoryId));
      memories.push({ memory, memoryId, stored, recording: memory.recording ? await importRecording(memory.recording, memoryId) : null });
    }
    const answerFiles = new Map<string, { responseId: string; stored: ImportedPhoto[]; recording: Awaited<ReturnType<typeof importRecording>> | null }>();
    for (const { exportId, responseId, photos, recording } of answersWithFiles) {
      answerFiles.set(exportId, {
        responseId,
        stored: await importPhotos(photos, photoFolder.answer(responseId)),
        recording: recording ? await importRecording(recording, responseId) : null,
      });
    }

    let tagsLinked = 0;
    let tagsDropped = 0;
    let answersDropped = 0;
    let submissionCount = 0;
    await prisma.$transaction(
      async (tx) => {
        const questionIds = new Map<string, string>();
        const questionnaireIds = new Map<string, string>();
        for (const questionnaire of document.questionnaires) {
          const id = randomUUID();
          questionnaireIds.set(questionnaire.id, id);
          const createdBy = questionnaire.created_by_id ? (personHere.get(questionnaire.created_by_id) ?? null) : null;
          const targets = [...new Set(questionnaire.target_ids.map((target) => personHere.get(target) ?? null))].filter(
            (target): target is string => target !== null && target !== createdBy,
          );
          await tx.questionnaire.create({
            data: {
              id,
              title: questionnaire.title,
              description: questionnaire.description,
              audience: questionnaire.audience,
              family_id: viewer.family_id,
              created_by_id: createdBy,
              allow_multiple_responses: questionnaire.allow_multiple_responses,
              created_at: new Date(questionnaire.created_at),
              questions: {
                create: questionnaire.questions.map((question) => {
                  const questionId = randomUUID();
                  questionIds.set(question.id, questionId);
                  return {
                    id: questionId,
                    question_text: question.question_text,
                    description: question.description,
                    input_type: question.input_type,
                    is_required: question.is_required,
                    position: question.position,
                  };
                }),
              },
              targets: { create: targets.map((user_id) => ({ user_id })) },
            },
          });
        }

        for (const { memory, memoryId, stored, recording } of memories) {
          const tagged = [...new Set(memory.tags.map((tag) => personHere.get(tag.id) ?? null))].filter((id): id is string => id !== null && id !== viewer.id);
          tagsLinked += tagged.length;
          tagsDropped += memory.tags.length - tagged.length;
          await tx.memory.create({
            data: {
              id: memoryId,
              user_id: viewer.id,
              family_id: viewer.family_id,
              title: memory.title,
              content: memory.content,
              memory_date: new Date(`${memory.memory_date}T00:00:00.000Z`),
              is_shared: memory.is_shared,
              created_at: new Date(memory.created_at),
              updated_at: new Date(memory.updated_at),
              memory_photos: { create: stored },
              ...(recording && { recording: { create: recording } }),
              memory_tags: { create: tagged.map((tagged_user_id) => ({ tagged_user_id })) },
            },
          });
        }

        for (const submission of document.submissions) {
          const questionnaireId = submission.library ? submission.questionnaire_id : questionnaireIds.get(submission.questionnaire_id)!;
          const responses = submission.responses
            .filter((response) => answerComesBack(submission.library, response.question_id))
            .map((response) => {
              const files = answerFiles.get(response.id);
              return {
                ...(files && { id: files.responseId, photos: { create: files.stored } }),
                ...(files?.recording && { recording: { create: files.recording } }),
                question_id: submission.library ? response.question_id : questionIds.get(response.question_id)!,
                answer_text: response.answer_text,
                is_shared: response.is_shared,
                created_at: new Date(response.created_at),
              };
            });
          // A library question this instance does not have: its answer cannot come back.
          answersDropped += submission.responses.length - responses.length;
          if (responses.length === 0) continue;
          submissionCount += 1;
          await tx.submission.create({
            data: {
              questionnaire_id: questionnaireId,
              user_id: viewer.id,
              family_id: viewer.family_id,
              is_shared: submission.is_shared,
              created_at: new Date(submission.created_at),
              responses: { create: responses },
            },
          });
        }
      },
      { maxWait: 10_000, timeout: 5 * 60_000 },
    );
    // Recordings some browsers cannot play as they were made get a copy they can, as a new one does.
    const toCopy = await prisma.recording.findMany({
      where: {
        OR: [
          { memory_id: { in: memories.flatMap(({ memoryId, recording }) => (recording ? [memoryId] : [])) } },
          { response_id: { in: [...answerFiles.values()].flatMap(({ responseId, recording }) => (recording ? [responseId] : [])) } },
        ],
      },
      select: { id: true, container: true, codec: true },
    });
    for (const recording of toCopy)
      await queuePlayableCopy(recording).catch((error: unknown) => console.error(`Recording ${recording.id}: no playable copy queued.`, error));
    return {
      memories: memories.length,
      photos: photoCount,
      questionnaires: document.questionnaires.length,
      submissions: submissionCount,
      tags_linked: tagsLinked,
      tags_dropped: tagsDropped,
      answers_dropped: answersDropped,
    };
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
}
