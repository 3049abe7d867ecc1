import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { RESPONSE_NOT_FOUND, visibleAnswersWhere } from "@/server/questions/questionnaires/answer-visibility";
import { playableKeyOf } from "./playable-copy";
import { toRecordingDto, type RecordingDto, type RecordingRecord } from "./recording-dto";
import { keepRecording, recordingRecordOf, recordingRowSelect, removeRecording, signedRecordingDto, writeTranscript, type RecordingRow } from "./recordings";

// An answer told out loud (docs/decisions/041-voice-recordings.md): one recording per answer, given
// by its author signed in or through the answered question's emailed link, and heard by whoever may
// read the answer (answer-visibility.ts). Like an answer's photos, it is read through the app's own
// address, answered with a redirect to a short-lived signed address only for a reader allowed to hear it.

export const NO_ANSWER_RECORDING = "This answer has no recording.";

/** What a reader of answers selects of an answer's recording. */
export const answerRecordingSelect = { select: recordingRowSelect } as const;

export const answerRecordingPath = (responseId: string) => `/api/questionnaires/responses/${responseId}/recording/audio`;

/** An answer's recording as the API shows it beside the answer, at the app's own addresses. */
export function toAnswerRecordingDto(responseId: string, record: RecordingRecord | null): RecordingDto | null {
  if (!record) return null;
  const path = answerRecordingPath(responseId);
  return toRecordingDto(record, path, record.playable_copy ? `${path}?copy=playable` : null);
}

/** The same, from the row a Prisma reader selected with answerRecordingSelect. */
export const answerRecordingDto = (responseId: string, row: RecordingRow | null) => toAnswerRecordingDto(responseId, row && recordingRecordOf(row));

/** The recording of this answer, when the answer is the viewer's own or one the family may read (answer-visibility.ts). */
function heardBy(viewer: UserDto, responseId: string): Prisma.RecordingWhereInput {
  const visible = visibleAnswersWhere(viewer);
  return { response_id: responseId, response: { OR: [{ submission: { user_id: viewer.id } }, ...(visible ? [visible] : [])] } };
}

/**
 * The signed address of the recording of an answer the viewer may hear: their own, or one the
 * family may read. Anything else — another family's, a private one, none — is the same 404.
 */
export async function answerRecordingUrl({
  viewer,
  responseId,
  playable,
  now = clock.now(),
}: {
  viewer: UserDto;
  responseId: string;
  playable: boolean;
  now?: Date;
}) {
  if (!UUID_PATTERN.test(responseId)) throw notFound(NO_ANSWER_RECORDING);
  const prisma = await getDb();
  const recording = await prisma.recording.findFirst({ where: heardBy(viewer, responseId), select: { original_key: true, playable_copy: true } });
  if (!recording || (playable && !recording.playable_copy)) throw notFound(NO_ANSWER_RECORDING);
  return getStorage().signedDownloadUrl(playable ? playableKeyOf(recording.original_key) : recording.original_key, downloadUrlSigning(now));
}

/** The recording of an answer the viewer may read (their own, or one the family may read), at the app's own addresses. */
export async function getAnswerRecording({ viewer, responseId }: { viewer: UserDto; responseId: string }): Promise<RecordingDto> {
  if (!UUID_PATTERN.test(responseId)) throw notFound(NO_ANSWER_RECORDING);
  const prisma = await getDb();
  const row = await prisma.recording.findFirst({ where: heardBy(viewer, responseId), select: recordingRowSelect });
  if (!row) throw notFound(NO_ANSWER_RECORDING);
  return answerRecordingDto(responseId, row)!;
}

/** The recording of an answer whose page already proved its reader may hear it (the answered question's emailed link). */
export async function signedAnswerRecording(responseId: string): Promise<RecordingDto | null> {
  const prisma = await getDb();
  const row = await prisma.recording.findUnique({ where: { response_id: responseId }, select: recordingRowSelect });
  return row && signedRecordingDto(row);
}

/** Gives an answer the caller may change a recording, or a new one in place of the old (keepRecording). */
export async function saveAnswerRecording({ responseId, fileName, request }: { responseId: string; fileName: string; request: Request }) {
  const prisma = await getDb();
  // Signed in or through the emailed link, the upload in parts it names is the answer's author's.
  const author = await prisma.response.findUnique({ where: { id: responseId }, select: { submission: { select: { user_id: true } } } });
  return keepRecording({
    owner: { response_id: responseId },
    fileName,
    request,
    uploaderId: author?.submission.user_id ?? null,
    notFoundMessage: RESPONSE_NOT_FOUND,
    // One recording per answer: a second sent meanwhile waits here, then replaces this one.
    lock: async (tx) => (await tx.$queryRaw<{ id: string }[]>`SELECT id FROM responses WHERE id = ${responseId}::uuid FOR UPDATE`).length > 0,
  });
}

/** Writes down, corrects or clears the words of the recording of an answer the caller may change (writeTranscript). */
export async function saveAnswerTranscript({ responseId, transcript }: { responseId: string; transcript: string }) {
  const recording = await answerRecordingOf(responseId);
  return writeTranscript({ recordingId: recording.id, transcript, notFoundMessage: NO_ANSWER_RECORDING });
}

export const TOLD_ONLY = "This answer was told out loud with nothing written: write your answer before removing its recording.";

/**
 * Removes the recording of an answer the caller may change; the stored file goes with it. An answer
 * told out loud with no written words keeps its recording: without it nothing would be left.
 */
export async function deleteAnswerRecording({ responseId }: { responseId: string }) {
  const recording = await answerRecordingOf(responseId);
  const prisma = await getDb();
  const answer = await prisma.response.findUnique({ where: { id: responseId }, select: { answer_text: true } });
  if (answer && answer.answer_text.trim() === "") throw new AppError("CONFLICT", TOLD_ONLY);
  return removeRecording(recording);
}

async function answerRecordingOf(responseId: string) {
  const prisma = await getDb();
  const recording = await prisma.recording.findUnique({ where: { response_id: responseId }, select: { id: true, original_key: true } });
  if (!recording) throw notFound(NO_ANSWER_RECORDING);
  return recording;
}
