import "server-only";
import { z } from "zod";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy, ownedBySql, visibleTo } from "@/server/memories/memory-visibility";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import type { RecordingDto } from "./recording-dto";
import { keepRecording, recordingRowSelect, removeRecording, signedRecordingDto, writeTranscript } from "./recordings";

// A memory told out loud (docs/decisions/041-voice-recordings.md): one recording per memory, sent
// by its author as the request body, stored as it was made, and heard by whoever may read the memory.

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

/** The recording of a memory the viewer may read (their own, or one shared with their family). */
export async function getMemoryRecording({ viewer, memoryId }: { viewer: UserDto; memoryId: string }): Promise<RecordingDto> {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, visibleTo(viewer)] },
    select: { recording: { select: recordingRowSelect } },
  });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  return signedRecordingDto(memory.recording);
}

/** The author gives their memory a recording, or a new one in place of the old (keepRecording). */
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
  return keepRecording({
    owner: { memory_id: memoryId },
    fileName,
    request,
    uploaderId: viewer.id,
    notFoundMessage: MEMORY_NOT_FOUND,
    // One recording per memory: a second sent meanwhile waits here, then replaces this one.
    lock: async (tx) =>
      (await tx.$queryRaw<{ id: string }[]>`SELECT m.id FROM memories m WHERE m.id = ${memoryId}::uuid AND ${ownedBySql(viewer)} FOR UPDATE`).length > 0,
  });
}

/** The author writes down, corrects or clears the words of their memory's recording (writeTranscript). */
export async function saveMemoryTranscript({ viewer, memoryId, transcript }: { viewer: UserDto; memoryId: string; transcript: string }): Promise<RecordingDto> {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({ where: { AND: [{ id: memoryId }, ownedBy(viewer)] }, select: { recording: { select: { id: true } } } });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  return writeTranscript({ recordingId: memory.recording.id, transcript, notFoundMessage: NO_RECORDING });
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
  return removeRecording(memory.recording);
}
