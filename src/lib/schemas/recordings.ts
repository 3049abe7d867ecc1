import { z } from "zod";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, MAX_TRANSCRIPT_CHARACTERS, RECORDING_PART_BYTES } from "@/lib/constants";
import { plainText } from "./text";

// What a voice recording is told when it cannot be kept (docs/decisions/041-voice-recordings.md):
// the person's own file name, what was wrong, and what to do instead.

export const RECORDING_FORMATS = "m4a, mp3, wav, ogg, webm, opus or flac";

export const notARecording = (fileName: string) => `${fileName} is not a sound recording. Please choose an ${RECORDING_FORMATS} file.`;
export const recordingCodecUnsupported = (fileName: string) =>
  `${fileName} holds its sound in a form Family Book cannot play. Please save it as m4a, mp3 or opus and choose it again.`;
export const videoNotRecording = (fileName: string) => `${fileName} is a video. Please choose a sound recording (${RECORDING_FORMATS}).`;
export const recordingUnreadable = (fileName: string) =>
  `${fileName} could not be played back: it may be damaged or cut short. Please record it again or choose another copy.`;
export const recordingTooLong = (fileName: string, seconds: number) =>
  `${fileName} is ${Math.ceil(seconds / 60)} minutes long. A recording can be at most ${MAX_RECORDING_SECONDS / 60} minutes; please shorten it or split it into two stories.`;
export const recordingTooLarge = (fileName: string) =>
  `${fileName} is larger than ${MAX_RECORDING_BYTES / 1024 / 1024} MB, the most a recording can be. Please choose a shorter or more compressed copy (m4a, mp3 or opus).`;

export const TRANSCRIPT_TOO_LONG = `A transcript can be at most ${MAX_TRANSCRIPT_CHARACTERS.toLocaleString("en-US")} characters.`;

/** PUT /api/memories/{id}/recording/transcript: the words as the author writes them; empty clears them. */
export const transcriptSchema = z.strictObject({
  transcript: z
    .string({ error: "transcript must be text" })
    .max(MAX_TRANSCRIPT_CHARACTERS, TRANSCRIPT_TOO_LONG)
    .superRefine(plainText("The transcript", "multi-line")),
});

// A recording sent in parts (docs/decisions/044-recording-uploads-in-parts.md).
export const RECORDING_UPLOAD_NOT_FOUND = "This upload is no longer here. Please send the recording again.";
export const RECORDING_UPLOAD_INCOMPLETE = "Not all of the recording has arrived yet. Please send the rest first.";
export const RECORDING_PART_TOO_LARGE = `A part of a recording can be at most ${RECORDING_PART_BYTES / 1024 / 1024} MB.`;
export const RECORDING_PART_EMPTY = "A part of a recording cannot be empty.";
export const RECORDING_PART_PAST_END = "This part goes past the end of the recording.";
export const TOO_MANY_RECORDING_UPLOADS = "Several recordings are already on their way. Please wait for them to arrive, then send this one.";
export const recordingPartOutOfPlace = (received: number) => `The recording has arrived up to byte ${received}: send the part that starts there.`;

/** POST /api/recording-uploads: the recording about to be sent, by its name and size. */
export const startRecordingUploadSchema = z.strictObject({
  name: z.string({ error: "name must be text" }).max(300, "name can be at most 300 characters"),
  byte_size: z.int({ error: "byte_size must be a whole number of bytes" }).min(1, "byte_size must be at least 1"),
});

const OFFSET_INVALID = "offset must be a whole number of bytes";

/**
 * PUT /api/recording-uploads/{id}/parts?offset=…: where the part starts, in plain digits. Not
 * Number()'s reading, which takes an empty or blank offset, "0x10" or "1e3" for a number.
 */
export const recordingPartOffsetSchema = z
  .string({ error: OFFSET_INVALID })
  .regex(/^\d{1,15}$/, OFFSET_INVALID)
  .transform(Number);
