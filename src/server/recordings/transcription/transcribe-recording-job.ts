import "server-only";
import { z } from "zod";
import { getDb } from "@/server/platform/db/client";
import { defineJob, type JobAttempt } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { getStorage } from "@/server/platform/storage";
import { transcriptionEngine, TranscriptionError, type TranscriptionEngine } from "./transcription-engine";

// The "recording.transcribe" job (docs/decisions/042-transcripts.md): writes down the words of one
// recording through the configured engine. Idempotent: a recording already written down, replaced,
// removed, or whose author typed the words meanwhile is left alone — the author's words always win.

const schema = z.strictObject({ recordingId: z.uuid() });
const RETRY_LIMIT = 4;

/** Marks the recording failed unless its author wrote the words themselves meanwhile. */
async function markFailed(recordingId: string) {
  const prisma = await getDb();
  await prisma.recording.updateMany({ where: { id: recordingId, transcript_status: "waiting" }, data: { transcript_status: "failed" } });
}

export async function transcribeRecording(
  { recordingId }: z.output<typeof schema>,
  attempt: Pick<JobAttempt, "retryCount" | "signal">,
  engine: TranscriptionEngine | null = transcriptionEngine(),
) {
  const prisma = await getDb();
  const recording = await prisma.recording.findUnique({
    where: { id: recordingId },
    select: { id: true, original_key: true, content_type: true, file_name: true, transcript_status: true },
  });
  if (!recording) return { status: "no-recording" };
  if (recording.transcript_status !== "waiting") return { status: `already-${recording.transcript_status}` };
  if (!engine) {
    // The engine was switched off after the recording was sent: the author types the words.
    await prisma.recording.updateMany({ where: { id: recordingId, transcript_status: "waiting" }, data: { transcript_status: "none" } });
    return { status: "no-engine" };
  }
  const stored = await getStorage().openStream(recording.original_key);
  if (!stored) {
    await markFailed(recordingId);
    return { status: "no-file" };
  }
  let transcript: string;
  try {
    transcript = await engine.transcribe({
      body: stored.body,
      size: stored.size,
      contentType: recording.content_type,
      fileName: recording.file_name,
      signal: attempt.signal,
    });
  } catch (error) {
    if (error instanceof TranscriptionError && !error.retry) {
      await markFailed(recordingId);
      return { status: "refused", reason: error.message };
    }
    if (attempt.retryCount >= RETRY_LIMIT) await markFailed(recordingId);
    throw error;
  }
  // Kept only while it is still waiting: words the author typed meanwhile stay.
  const written = await prisma.recording.updateMany({
    where: { id: recordingId, transcript_status: "waiting" },
    data: { transcript: transcript || null, transcript_status: "ready", transcript_by: "engine" },
  });
  return { status: written.count === 1 ? "transcribed" : "overtaken", characters: transcript.length };
}

export const transcribeRecordingJob = defineJob({
  name: "recording.transcribe",
  schema,
  handler: (data, attempt) => transcribeRecording(data, attempt),
  retryLimit: RETRY_LIMIT,
  retryBackoff: true,
  retryDelaySeconds: 30,
  // A 30-minute story on a modest CPU-only server can take longer than it plays.
  expireInSeconds: 2 * 60 * 60,
});

/** Sends a new recording to be written down, when an engine is configured; its status says which. */
export async function queueTranscription(recordingId: string) {
  if (!transcriptionEngine()) return;
  await enqueueJob(transcribeRecordingJob, { recordingId }, { singletonKey: `transcribe-${recordingId}` });
}
