import "server-only";
import { z } from "zod";

// A recording as the API and the screens show it, wherever it belongs (docs/decisions/041-voice-recordings.md).

/** A recording as it is read beside what it belongs to: its storage key, signed into a URL below, never leaves the server. */
export const recordingRecordSchema = z.strictObject({
  id: z.guid(),
  original_key: z.string(),
  content_type: z.string(),
  duration_ms: z.number().int(),
  byte_size: z.number().int(),
  file_name: z.string(),
  created_at: z.iso.datetime(),
  transcript: z.string().nullable(),
  transcript_status: z.enum(["none", "waiting", "ready", "failed"]),
  transcript_by: z.enum(["engine", "author"]).nullable(),
  printed_code: z.boolean(),
  playable_copy: z.boolean(),
});
export type RecordingRecord = z.output<typeof recordingRecordSchema>;

export const recordingDtoSchema = z.strictObject({
  id: z.guid(),
  url: z
    .string()
    .meta({ description: "A signed address of the recording as it was made; it answers byte ranges (206), so a player starts at once and seeks." }),
  content_type: z.string(),
  playable_url: z.string().nullable().meta({
    description:
      "A signed address of a copy in AAC/MP4, for browsers that cannot play the original (Ogg, Vorbis); null when the original plays everywhere or no copy could be made.",
  }),
  duration_seconds: z.number().meta({ description: "How long it plays, read from its bytes." }),
  byte_size: z.number().int(),
  file_name: z.string(),
  created_at: z.iso.datetime(),
  transcript: z
    .string()
    .nullable()
    .meta({ description: "The words spoken, as the transcription engine wrote them down or the author typed or corrected them." }),
  transcript_status: z.enum(["none", "waiting", "ready", "failed"]).meta({
    description:
      "none: nothing written down (no engine configured, or the author cleared it); waiting: the engine is writing it down; ready: `transcript` holds the words; failed: the engine could not, and the author may type them.",
  }),
  transcript_by: z
    .enum(["engine", "author"])
    .nullable()
    .meta({ description: "Who wrote the transcript: the engine, or the author (whose words the engine never overwrites)." }),
  printed_code: z.boolean().meta({
    description:
      "Whether a printed book carries a code that plays this recording to whoever holds the book; its author or an admin can stop it (DELETE …/recording/listen-code).",
  }),
});
export type RecordingDto = z.output<typeof recordingDtoSchema>;

export const toRecordingDto = (record: RecordingRecord, url: string, playableUrl: string | null): RecordingDto => ({
  id: record.id,
  url,
  content_type: record.content_type,
  playable_url: playableUrl,
  duration_seconds: record.duration_ms / 1000,
  byte_size: record.byte_size,
  file_name: record.file_name,
  created_at: record.created_at,
  transcript: record.transcript,
  transcript_status: record.transcript_status,
  transcript_by: record.transcript_by,
  printed_code: record.printed_code,
});

/** Which file an audio address gives: the recording as it was made, or its playable copy. */
export const recordingCopySchema = z.enum(["original", "playable"], { error: "copy must be original or playable" }).default("original");

export type TranscriptStatus = RecordingDto["transcript_status"];

/** The columns a recording is read from, as JSON in the recordRecordSchema's shape (`rec` is the recording's table). */
export const RECORDING_JSON_SQL = `json_build_object('id', rec.id, 'original_key', rec.original_key, 'content_type', rec.content_type,
  'duration_ms', rec.duration_ms, 'byte_size', rec.byte_size, 'file_name', rec.file_name,
  'transcript', rec.transcript, 'transcript_status', rec.transcript_status, 'transcript_by', rec.transcript_by,
  'printed_code', rec.listen_token IS NOT NULL, 'playable_copy', rec.playable_copy,
  'created_at', to_char(rec.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
