import "server-only";
import { notARecording } from "@/lib/schemas/recordings";
import { AppError } from "@/server/platform/http/app-error";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { CONTENT_TYPES, inspectRecording, SIGNATURE_BYTES, sniffRecording, type RecordingFacts } from "./inspect-recording";

/** The extension a recording's file gets in an export, by its container. */
export const RECORDING_EXTENSIONS = { mp4: "m4a", mp3: "mp3", wav: "wav", ogg: "ogg", webm: "webm", flac: "flac" } as const;

/**
 * Stores a recording under `key` as its bytes come, and reads it back once to check it: its first
 * bytes must name a recording before anything is stored, and a file inspectRecording refuses is
 * removed again. Never holds the file whole in memory. Answers what the recording is.
 */
export async function storeRecording({
  storage,
  key,
  chunks,
  fileName,
}: {
  storage: ObjectStorage;
  key: string;
  chunks: AsyncIterator<Uint8Array> & AsyncIterable<Uint8Array>;
  fileName: string;
}): Promise<RecordingFacts> {
  const parts: Uint8Array[] = [];
  let length = 0;
  while (length < SIGNATURE_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(parts);
  const container = sniffRecording(head);
  if (!container) {
    await chunks.return?.(undefined);
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", notARecording(fileName));
  }
  try {
    await storage.putStream(key, prepend(head, chunks), CONTENT_TYPES[container]);
    const stored = await storage.openStream(key);
    if (!stored) throw new AppError("UNAVAILABLE", "The recording could not be stored. Please try again.");
    return await inspectRecording(stored.body, fileName);
  } catch (error) {
    await deleteObjects(storage, [key]);
    throw error;
  }
}

/** What a recording row keeps of what the bytes told. */
export const recordingColumns = (facts: RecordingFacts) => ({
  content_type: facts.contentType,
  container: facts.container,
  codec: facts.codec,
  duration_ms: Math.round(facts.durationSeconds * 1000),
  byte_size: facts.byteSize,
});

async function* prepend(head: Uint8Array, rest: AsyncIterable<Uint8Array>) {
  if (head.length) yield head;
  yield* rest;
}
