import { z } from "zod";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
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
