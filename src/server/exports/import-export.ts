import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMPORT_MAX_BYTES, type ExportMemory } from "@/lib/schemas/data-export";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { readBodyChunks } from "@/server/http/read-body";
import { deleteObjects, processPhoto, storePhoto, type StoredPhoto } from "@/server/memories/photo-pipeline";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { openExportZip, type OpenedExport } from "./read-export-zip";

// Import (docs/decisions/023-export-and-import.md): a personal export comes back into the signed-in
// account. Every photo goes through the upload pipeline (bytes checked, metadata dropped,
// variants made) before anything is saved; then every row is written in one transaction, so a
// refused or failed import leaves nothing behind (its photo objects are removed again). People are
// matched by email: a tag or questionnaire target comes back when that person is in the
// importer's family, and is dropped otherwise (the model keeps tags as people, not as text).

export const IMPORT_TOO_LARGE = `An export to import can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
export const IMPORT_NOT_ZIP_TYPE = "Send the export as the request body, with Content-Type: application/zip.";
const LIBRARY_CHANGED = "library-question-missing";

export type ImportSummary = {
  memories: number;
  photos: number;
  questionnaires: number;
  submissions: number;
  tags_linked: number;
  tags_dropped: number;
  answers_dropped: number;
};

/** Streams the request body to a temporary file (at most IMPORT_MAX_BYTES), imports it, removes it. */
export async function importExportFromRequest({ viewer, request }: { viewer: UserDto; request: Request }): Promise<ImportSummary> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/zip" && type !== "application/x-zip-compressed" && type !== "application/octet-stream") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", IMPORT_NOT_ZIP_TYPE);
  }
  const directory = await mkdtemp(path.join(tmpdir(), "family-book-import-"));
  try {
    const file = path.join(directory, "import.zip");
    await pipeline(Readable.from(readBodyChunks(request, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE)), createWriteStream(file));
    return await importExportFile({ viewer, filePath: file });
  } finally {
    await rm(directory, { recursive: true, force: true });
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

async function importOpened(viewer: UserDto, { document, readPhoto }: OpenedExport): Promise<ImportSummary> {
  const prisma = await getDb();
  const storage = getStorage();

  // Who is who here: the exporting person is the importer; anyone else by email, in their family.
  const familyMembers = viewer.family_id
    ? await prisma.user.findMany({ where: { family_id: viewer.family_id, id: { not: viewer.id } }, select: { id: true, email_normalized: true } })
    : [];
  const byEmail = new Map(familyMembers.map((member) => [member.email_normalized, member.id]));
  const personHere = new Map<string, string | null>();
  for (const person of document.people) {
    personHere.set(person.id, person.id === document.exported_by.id ? viewer.id : (byEmail.get(person.email.trim().toLowerCase()) ?? null));
  }

  // The built-in library's questions have the same ids on every instance.
  const libraryIds = [...new Set(document.submissions.filter((submission) => submission.library).map((submission) => submission.questionnaire_id))];
  const libraryQuestions = new Set(
    (await prisma.question.findMany({ where: { questionnaire_id: { in: libraryIds }, questionnaire: { audience: "GLOBAL" } }, select: { id: true } })).map(
      (question) => question.id,
    ),
  );

  // The photos first, through the upload pipeline; a refused photo refuses the whole import.
  const written: string[] = [];
  try {
    const memories: { memory: ExportMemory; memoryId: string; stored: (StoredPhoto & { order_number: number; created_at: Date })[] }[] = [];
    let photoCount = 0;
    for (const memory of document.memories) {
      const memoryId = randomUUID();
      const stored: (StoredPhoto & { order_number: number; created_at: Date })[] = [];
      for (const photo of [...memory.photos].sort((a, b) => a.order_number - b.order_number)) {
        const processed = await processPhoto({ fileName: photo.file.split("/").pop()!, bytes: await readPhoto(photo.file) }).catch((error: unknown) => {
          // The upload's own refusal and words; for an import it is the ZIP's content that is wrong: 400.
          throw error instanceof AppError ? new AppError("BAD_REQUEST", error.message) : error;
        });
        const saved = await storePhoto({ storage, memoryId, photo: processed, written });
        stored.push({ ...saved, order_number: stored.length, created_at: new Date(photo.created_at) });
        photoCount += 1;
      }
      memories.push({ memory, memoryId, stored });
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

        for (const { memory, memoryId, stored } of memories) {
          const tagged = [...new Set(memory.tags.map((tag) => personHere.get(tag.id) ?? null))].filter(
            (id): id is string => id !== null && id !== viewer.id,
          );
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
              memory_tags: { create: tagged.map((tagged_user_id) => ({ tagged_user_id })) },
            },
          });
        }

        for (const submission of document.submissions) {
          const questionnaireId = submission.library ? submission.questionnaire_id : questionnaireIds.get(submission.questionnaire_id)!;
          const responses = submission.responses
            .map((response) => ({
              question_id: submission.library ? (libraryQuestions.has(response.question_id) ? response.question_id : LIBRARY_CHANGED) : questionIds.get(response.question_id)!,
              answer_text: response.answer_text,
              is_shared: response.is_shared,
              created_at: new Date(response.created_at),
            }))
            .filter((response) => response.question_id !== LIBRARY_CHANGED);
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
