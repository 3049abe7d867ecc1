import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects, downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import type { RecordingFacts } from "./inspect-recording";
import { playableKeyOf, queuePlayableCopy, recordingObjectKeys } from "./playable-copy";
import { toRecordingDto, type RecordingDto, type RecordingRecord, type TranscriptStatus } from "./recording-dto";
import { recordingBytes } from "./recording-uploads";
import { recordingColumns, storeRecording } from "./store-recording";
import { queueTranscription } from "./transcription/transcribe-recording-job";
import { transcriptionEngine } from "./transcription/transcription-engine";

// A story told out loud, whatever tells it (docs/decisions/041-voice-recordings.md): a memory, an
// answer or the answer to a follow-up question has at most one recording, stored as it was made,
// sent to be written down and to have a playable copy made. Whoever calls here has already decided
// who may read or change it, by that one's own visibility rule.

/** Where recordings are stored: recordings/<memory, answer or follow-up question id>/<recording id>. */
export const RECORDINGS_PREFIX = "recordings/";

/** What a recording belongs to: one memory, one answer, or one answered follow-up question. */
export type RecordingOwner = { memory_id: string } | { response_id: string } | { follow_up_id: string };

/** What is read of a recording to show it. */
export const recordingRowSelect = {
  id: true,
  original_key: true,
  content_type: true,
  duration_ms: true,
  byte_size: true,
  file_name: true,
  created_at: true,
  transcript: true,
  transcript_status: true,
  transcript_by: true,
  listen_token: true,
  playable_copy: true,
  container: true,
  codec: true,
} satisfies Prisma.RecordingSelect;

export type RecordingRow = Prisma.RecordingGetPayload<{ select: typeof recordingRowSelect }>;

/** A recording row in the shape the DTO is made from. */
export const recordingRecordOf = (row: RecordingRow): RecordingRecord => ({
  id: row.id,
  original_key: row.original_key,
  content_type: row.content_type,
  duration_ms: row.duration_ms,
  byte_size: row.byte_size,
  file_name: row.file_name,
  created_at: row.created_at.toISOString(),
  transcript: row.transcript,
  transcript_status: row.transcript_status as TranscriptStatus,
  transcript_by: row.transcript_by as "engine" | "author" | null,
  printed_code: row.listen_token !== null,
  playable_copy: row.playable_copy,
});

/** A recording as the API shows it, at short-lived signed addresses of its original and its playable copy. */
export async function signedRecordingDto(row: RecordingRow, now = clock.now()): Promise<RecordingDto> {
  const signing = downloadUrlSigning(now);
  const url = await getStorage().signedDownloadUrl(row.original_key, signing);
  const playableUrl = row.playable_copy ? await getStorage().signedDownloadUrl(playableKeyOf(row.original_key), signing) : null;
  return toRecordingDto(recordingRecordOf(row), url, playableUrl);
}

/**
 * Gives a memory or an answer a recording, or a new one in place of the old. The body is the file,
 * or names a finished upload of it in parts (recordingBytes); it is stored as it comes and checked (storeRecording), then recorded in a transaction that holds
 * `lock` — the owner's row, locked by whoever may change it — so of two sent at once the later one
 * stays. A refused file leaves nothing behind. A printed book's code goes on playing the story,
 * told again (docs/decisions/043-listen-codes.md).
 */
export async function keepRecording({
  owner,
  fileName,
  request,
  uploaderId,
  lock,
  notFoundMessage,
}: {
  owner: RecordingOwner;
  fileName: string;
  request: Request;
  /** Whose finished upload the request may name in place of a body: the author's (recording-uploads.ts). */
  uploaderId: string | null;
  lock: (tx: Prisma.TransactionClient) => Promise<boolean>;
  notFoundMessage: string;
}): Promise<RecordingDto> {
  const prisma = await getDb();
  const storage = getStorage();
  const ownerId = "memory_id" in owner ? owner.memory_id : "response_id" in owner ? owner.response_id : owner.follow_up_id;
  const key = `${RECORDINGS_PREFIX}${ownerId}/${randomUUID()}`;
  const bytes = await recordingBytes({ request, uploaderId, fileName });
  const facts = await storeRecording({ storage, key, chunks: bytes.chunks, fileName }).finally(bytes.settle);
  let replaced: string | null = null;
  let row: RecordingRow;
  try {
    row = await prisma.$transaction(async (tx) => {
      if (!(await lock(tx))) throw notFound(notFoundMessage);
      const before = await tx.recording.findFirst({ where: owner, select: { id: true, original_key: true, listen_token: true } });
      if (before) await tx.recording.delete({ where: { id: before.id } });
      replaced = before?.original_key ?? null;
      return tx.recording.create({
        data: {
          ...owner,
          original_key: key,
          file_name: fileName,
          ...newRecordingColumns(facts),
          listen_token: before?.listen_token ?? null,
        },
        select: recordingRowSelect,
      });
    });
  } catch (error) {
    await deleteObjects(storage, [key]);
    throw error;
  }
  if (replaced) await deleteObjects(storage, recordingObjectKeys(replaced));
  return signedRecordingDto(await sendOnward(row));
}

/**
 * What a newly kept recording is sent on to: a playable copy where some browsers cannot play it,
 * and the transcription engine when one waits for it. Answers it as it now stands.
 */
export async function sendOnward<Row extends Pick<RecordingRow, "id" | "container" | "codec" | "transcript_status">>(row: Row): Promise<Row> {
  await sendForPlayableCopy(row);
  return row.transcript_status === "waiting" ? sendToTranscribe(row) : row;
}

/** The columns of a recording just checked by its bytes: it waits for the engine where there is one. */
export const newRecordingColumns = (facts: RecordingFacts) => ({
  ...recordingColumns(facts),
  transcript_status: transcriptionEngine() ? "waiting" : "none",
});

/** Sends a saved recording some browsers cannot play to have a copy made; one the queue cannot take is served as it was made. */
async function sendForPlayableCopy(row: Pick<RecordingRow, "id" | "container" | "codec">) {
  try {
    await queuePlayableCopy(row);
  } catch (error) {
    console.error(`Recording ${row.id} could not be sent for a playable copy:`, error);
  }
}

/** Sends a saved recording to be written down; one the queue cannot take is left for its author to type. */
async function sendToTranscribe<Row extends Pick<RecordingRow, "id" | "transcript_status">>(row: Row): Promise<Row> {
  try {
    await queueTranscription(row.id);
    return row;
  } catch (error) {
    console.error(`Recording ${row.id} could not be sent to be transcribed:`, error);
    const prisma = await getDb();
    await prisma.recording.updateMany({ where: { id: row.id, transcript_status: "waiting" }, data: { transcript_status: "failed" } });
    return { ...row, transcript_status: "failed" };
  }
}

/**
 * The author writes down, corrects or clears the words of a recording. Typed words are the
 * author's: the engine never overwrites them, even if it finishes afterwards.
 */
export async function writeTranscript({ recordingId, transcript, notFoundMessage }: { recordingId: string; transcript: string; notFoundMessage: string }) {
  const prisma = await getDb();
  const words = transcript.trim();
  const updated = await prisma.recording.updateManyAndReturn({
    where: { id: recordingId },
    data: words
      ? { transcript: words, transcript_status: "ready", transcript_by: "author" }
      : { transcript: null, transcript_status: "none", transcript_by: "author" },
    select: recordingRowSelect,
  });
  if (updated.length === 0) throw notFound(notFoundMessage);
  return signedRecordingDto(updated[0]!);
}

/** Removes a recording: its row, then its stored file and copy. */
export async function removeRecording(recording: { id: string; original_key: string }) {
  const prisma = await getDb();
  await prisma.recording.deleteMany({ where: { id: recording.id } });
  await deleteObjects(getStorage(), recordingObjectKeys(recording.original_key));
  return { id: recording.id };
}
