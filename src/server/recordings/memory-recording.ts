import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MAX_RECORDING_BYTES } from "@/lib/constants";
import { recordingTooLarge } from "@/lib/schemas/recordings";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy, ownedBySql, visibleTo } from "@/server/memories/memory-visibility";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { readBodyChunks } from "@/server/platform/http/read-body";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects, downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { playableKeyOf, queuePlayableCopy, recordingObjectKeys } from "./playable-copy";
import { toRecordingDto, type RecordingDto, type TranscriptStatus } from "./recording-dto";
import { recordingColumns, storeRecording } from "./store-recording";
import { queueTranscription } from "./transcription/transcribe-recording-job";
import { transcriptionEngine } from "./transcription/transcription-engine";

// A memory told out loud (docs/decisions/041-voice-recordings.md): one recording per memory, sent
// by its author as the request body, stored as it was made, and heard by whoever may read the memory.

/** Where recordings are stored: recordings/<memory id>/<recording id>. */
export const RECORDINGS_PREFIX = "recordings/";
export const NO_RECORDING = "This memory has no recording.";

/** The name a recording came with, as it is shown: no folders, no control characters, at most 120 characters. */
export const recordingFileName = z
  .string()
  .transform((name) =>
    name
      .split(/[\\/]/)
      .pop()!
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 120),
  )
  .transform((name) => name || "Recording");

type RecordingRow = {
  id: string;
  original_key: string;
  content_type: string;
  duration_ms: number;
  byte_size: number;
  file_name: string;
  created_at: Date;
  transcript: string | null;
  transcript_status: string;
  transcript_by: string | null;
  listen_token: string | null;
  playable_copy: boolean;
  container: string;
  codec: string;
};

async function toDto(row: RecordingRow, now = clock.now()): Promise<RecordingDto> {
  const signing = downloadUrlSigning(now);
  const url = await getStorage().signedDownloadUrl(row.original_key, signing);
  const playableUrl = row.playable_copy ? await getStorage().signedDownloadUrl(playableKeyOf(row.original_key), signing) : null;
  return toRecordingDto(
    {
      ...row,
      created_at: row.created_at.toISOString(),
      transcript_status: row.transcript_status as TranscriptStatus,
      transcript_by: row.transcript_by as "engine" | "author" | null,
      printed_code: row.listen_token !== null,
    },
    url,
    playableUrl,
  );
}

/** The recording of a memory the viewer may read (their own, or one shared with their family). */
export async function getMemoryRecording({ viewer, memoryId }: { viewer: UserDto; memoryId: string }): Promise<RecordingDto> {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({ where: { AND: [{ id: memoryId }, visibleTo(viewer)] }, select: { recording: true } });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  return toDto(memory.recording);
}

/**
 * The author gives their memory a recording, or a new one in place of the old. The body is the
 * file, stored as it comes and checked (storeRecording), then recorded.
 * A refused file leaves nothing behind; of two sent at once, the later one stays.
 */
export async function saveMemoryRecording({
  viewer,
  memoryId,
  fileName,
  request,
}: {
  viewer: UserDto;
  memoryId: string;
  fileName: string;
  request: Request;
}): Promise<RecordingDto> {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  if (!(await prisma.memory.findFirst({ where: { AND: [{ id: memoryId }, ownedBy(viewer)] }, select: { id: true } }))) throw notFound(MEMORY_NOT_FOUND);

  const storage = getStorage();
  const key = `${RECORDINGS_PREFIX}${memoryId}/${randomUUID()}`;
  const facts = await storeRecording({ storage, key, chunks: readBodyChunks(request, MAX_RECORDING_BYTES, recordingTooLarge(fileName)), fileName });
  let replaced: string | null = null;
  let row: RecordingRow;
  try {
    row = await prisma.$transaction(async (tx) => {
      // One recording per memory: a second sent meanwhile waits here, then replaces this one.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT m.id FROM memories m WHERE m.id = ${memoryId}::uuid AND ${ownedBySql(viewer)} FOR UPDATE`;
      if (locked.length === 0) throw notFound(MEMORY_NOT_FOUND);
      const before = await tx.memoryRecording.findUnique({ where: { memory_id: memoryId }, select: { original_key: true, listen_token: true } });
      if (before) await tx.memoryRecording.delete({ where: { memory_id: memoryId } });
      replaced = before?.original_key ?? null;
      return tx.memoryRecording.create({
        data: {
          memory_id: memoryId,
          original_key: key,
          file_name: fileName,
          ...recordingColumns(facts),
          transcript_status: transcriptionEngine() ? "waiting" : "none",
          // A printed book's code goes on playing the story, told again (docs/decisions/043-listen-codes.md).
          listen_token: before?.listen_token ?? null,
        },
      });
    });
  } catch (error) {
    await deleteObjects(storage, [key]);
    throw error;
  }
  if (replaced) await deleteObjects(storage, recordingObjectKeys(replaced));
  await sendForPlayableCopy(row);
  if (row.transcript_status === "waiting") row = await sendToTranscribe(row);
  return toDto(row);
}

/** Sends a saved recording some browsers cannot play to have a copy made; one the queue cannot take is served as it was made. */
async function sendForPlayableCopy(row: RecordingRow) {
  try {
    await queuePlayableCopy(row);
  } catch (error) {
    console.error(`Recording ${row.id} could not be sent for a playable copy:`, error);
  }
}

/** Sends a saved recording to be written down; one the queue cannot take is left for its author to type. */
async function sendToTranscribe(row: RecordingRow): Promise<RecordingRow> {
  try {
    await queueTranscription(row.id);
    return row;
  } catch (error) {
    console.error(`Recording ${row.id} could not be sent to be transcribed:`, error);
    const prisma = await getDb();
    await prisma.memoryRecording.updateMany({ where: { id: row.id, transcript_status: "waiting" }, data: { transcript_status: "failed" } });
    return { ...row, transcript_status: "failed" };
  }
}

/**
 * The author writes down, corrects or clears the words of their memory's recording. Typed words
 * are the author's: the engine never overwrites them, even if it finishes afterwards.
 */
export async function saveMemoryTranscript({ viewer, memoryId, transcript }: { viewer: UserDto; memoryId: string; transcript: string }): Promise<RecordingDto> {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({ where: { AND: [{ id: memoryId }, ownedBy(viewer)] }, select: { recording: { select: { id: true } } } });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  const words = transcript.trim();
  const updated = await prisma.memoryRecording.updateManyAndReturn({
    where: { id: memory.recording.id },
    data: words
      ? { transcript: words, transcript_status: "ready", transcript_by: "author" }
      : { transcript: null, transcript_status: "none", transcript_by: "author" },
  });
  if (updated.length === 0) throw notFound(NO_RECORDING);
  return toDto(updated[0]!);
}

/** The author removes their memory's recording; the stored file goes with it. */
export async function deleteMemoryRecording({ viewer, memoryId }: { viewer: UserDto; memoryId: string }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, ownedBy(viewer)] },
    select: { recording: { select: { id: true, original_key: true } } },
  });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  await prisma.memoryRecording.deleteMany({ where: { id: memory.recording.id } });
  await deleteObjects(getStorage(), recordingObjectKeys(memory.recording.original_key));
  return { id: memory.recording.id };
}
