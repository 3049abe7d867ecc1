import "server-only";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { getDb } from "@/server/platform/db/client";
import { getEnv } from "@/server/platform/env";
import { defineJob, type JobAttempt } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { playsEverywhere, type RecordingCodec, type RecordingContainer } from "./inspect-recording";

// A playable copy (docs/decisions/041-voice-recordings.md): every current browser plays AAC in
// MP4, MP3, PCM WAV, FLAC and Opus in WebM as they were made, but not every Safari plays Ogg or
// Vorbis. For those, the "recording.playable-copy" job makes AAC in MP4 with ffmpeg, where it is
// installed, and stores it beside the original under the original's key plus ".m4a"; the player
// offers both and the browser takes the first it can play. The original is always kept, exported
// and transcribed; without ffmpeg it is served alone, to the browsers that can play it.

export const PLAYABLE_COPY_TYPE = "audio/mp4";

/** Where a recording's playable copy is stored: beside the original. */
export const playableKeyOf = (originalKey: string) => `${originalKey}.m4a`;

/** The stored objects of a recording: the original, and the copy where there may be one (deleting a missing one is harmless). */
export const recordingObjectKeys = (originalKey: string) => [originalKey, playableKeyOf(originalKey)];

/** Whether some current browser cannot play a recording as it was made. */
export const needsPlayableCopy = (facts: { container: string; codec: string }) =>
  !playsEverywhere(facts.container as RecordingContainer, facts.codec as RecordingCodec);

const schema = z.strictObject({ recordingId: z.uuid() });
const RETRY_LIMIT = 2;

/** Thrown when ffmpeg is not installed: nothing to retry. */
class NoFfmpeg extends Error {}

/** Runs ffmpeg on the original as it streams from storage, writing AAC in MP4 (moov first, so it plays at once) to `output`. */
async function encodeAac(input: ReadableStream<Uint8Array>, output: string, signal?: AbortSignal) {
  const ffmpeg = spawn(
    getEnv().FFMPEG_PATH ?? "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-nostdin",
      "-i",
      "pipe:0",
      "-vn",
      "-map_metadata",
      "-1",
      "-c:a",
      "aac",
      "-b:a",
      "96k",
      "-movflags",
      "+faststart",
      "-f",
      "mp4",
      "-y",
      output,
    ],
    { stdio: ["pipe", "ignore", "pipe"], ...(signal && { signal }) },
  );
  let errors = "";
  ffmpeg.stderr.setEncoding("utf8").on("data", (text: string) => (errors = (errors + text).slice(-2000)));
  const spawned = once(ffmpeg, "spawn").then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new NoFfmpeg(`ffmpeg was not found (FFMPEG_PATH=${getEnv().FFMPEG_PATH})`);
      throw error;
    },
  );
  await spawned;
  const exited = once(ffmpeg, "close") as Promise<[number | null, NodeJS.Signals | null]>;
  // ffmpeg may stop reading early (a damaged tail): what it did not read is not an error of ours.
  const fed = pipeline(Readable.fromWeb(input as import("node:stream/web").ReadableStream<Uint8Array>), ffmpeg.stdin).catch(() => undefined);
  const [code] = await exited;
  await fed;
  if (code !== 0) throw new Error(`ffmpeg could not make a playable copy (exit ${code}): ${errors.trim()}`);
}

export async function makePlayableCopy({ recordingId }: z.output<typeof schema>, attempt: Pick<JobAttempt, "retryCount" | "signal">) {
  const prisma = await getDb();
  const recording = await prisma.recording.findUnique({
    where: { id: recordingId },
    select: { original_key: true, container: true, codec: true, playable_copy: true },
  });
  if (!recording) return { status: "no-recording" };
  if (recording.playable_copy) return { status: "already-made" };
  if (!needsPlayableCopy(recording)) return { status: "plays-as-made" };
  const storage = getStorage();
  const stored = await storage.openStream(recording.original_key);
  if (!stored) return { status: "no-file" };

  const folder = await mkdtemp(path.join(tmpdir(), "family-book-copy-"));
  const copyKey = playableKeyOf(recording.original_key);
  try {
    const output = path.join(folder, "copy.m4a");
    try {
      await encodeAac(stored.body, output, attempt.signal);
    } catch (error) {
      if (error instanceof NoFfmpeg) return { status: "no-ffmpeg" };
      if (attempt.retryCount >= RETRY_LIMIT) console.error(`Recording ${recordingId}: no playable copy, the original is served alone.`, error);
      throw error;
    }
    await storage.putFile(copyKey, output, PLAYABLE_COPY_TYPE);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  // Kept only while the recording is still there: one replaced or removed meanwhile takes its copy along.
  const kept = await prisma.recording.updateMany({ where: { id: recordingId, original_key: recording.original_key }, data: { playable_copy: true } });
  if (kept.count === 0) {
    await deleteObjects(storage, [copyKey]);
    return { status: "overtaken" };
  }
  return { status: "made" };
}

export const playableCopyJob = defineJob({
  name: "recording.playable-copy",
  schema,
  handler: (data, attempt) => makePlayableCopy(data, attempt),
  retryLimit: RETRY_LIMIT,
  retryBackoff: true,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
});

/** Sends a new recording to have a playable copy made, when some browser cannot play it as it was made. */
export async function queuePlayableCopy(recording: { id: string; container: string; codec: string }) {
  if (!needsPlayableCopy(recording)) return;
  await enqueueJob(playableCopyJob, { recordingId: recording.id }, { singletonKey: `playable-${recording.id}` });
}
