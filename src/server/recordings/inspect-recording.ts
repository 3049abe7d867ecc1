import "server-only";
import { parseWebStream, type IAudioMetadata } from "music-metadata";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS } from "@/lib/constants";
import {
  notARecording,
  recordingCodecUnsupported,
  recordingTooLarge,
  recordingTooLong,
  recordingUnreadable,
  videoNotRecording,
} from "@/lib/schemas/recordings";
import { AppError } from "@/server/platform/http/app-error";
import { VIDEO_TRACK, WebmClock } from "./webm-clock";

// What a voice recording is, told by its bytes and never by its name or declared type
// (docs/decisions/041-voice-recordings.md): the container from its first bytes, then the codec and
// the length from the whole file as it streams past, so a half-hour story is read with a few
// kilobytes of memory.

export type RecordingContainer = "mp4" | "mp3" | "wav" | "ogg" | "webm" | "flac";
export type RecordingCodec = "aac" | "mp3" | "pcm" | "opus" | "vorbis" | "flac";

export type RecordingFacts = {
  container: RecordingContainer;
  codec: RecordingCodec;
  /** What the recording is served as. */
  contentType: string;
  durationSeconds: number;
  byteSize: number;
  /**
   * Whether every current browser (Chrome, Firefox, Safari on the Mac, iPhone and iPad) plays the
   * original as it is. Otherwise a playable copy is made beside it; the original is always kept.
   */
  playsEverywhere: boolean;
};

export const CONTENT_TYPES: Record<RecordingContainer, string> = {
  mp4: "audio/mp4",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  webm: "audio/webm",
  flac: "audio/flac",
};

/** The bytes a container's signature needs. */
export const SIGNATURE_BYTES = 12;

/** The container a file's first bytes name, or null. */
export function sniffRecording(head: Uint8Array): RecordingContainer | null {
  const ascii = (from: number, text: string) => [...text].every((character, index) => head[from + index] === character.charCodeAt(0));
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return "wav";
  if (ascii(0, "OggS")) return "ogg";
  if (ascii(0, "fLaC")) return "flac";
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (ascii(4, "ftyp")) return "mp4";
  if (ascii(0, "ID3")) return "mp3";
  // An MPEG audio frame with no tag before it: eleven set bits, then layer III.
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) === 0x02) return "mp3";
  return null;
}

/** The codec music-metadata names, in our words; null for one we do not keep. */
function codecOf(container: RecordingContainer, named: string | undefined): RecordingCodec | null {
  const codec = (named ?? "").toLowerCase();
  if (codec.includes("aac")) return "aac";
  if (codec.includes("layer 3")) return "mp3";
  if (codec === "pcm" && container === "wav") return "pcm";
  if (codec.startsWith("opus")) return "opus";
  if (codec.startsWith("vorbis")) return "vorbis";
  if (codec === "flac") return "flac";
  return null;
}

/**
 * Safari plays neither Ogg nor Vorbis everywhere; the rest of these play in every current browser.
 * Opus in WebM is what Chrome, Firefox and Android record, and Safari plays it since version 15.
 */
export function playsEverywhere(container: RecordingContainer, codec: RecordingCodec) {
  if (container === "ogg" || codec === "vorbis") return false;
  return true;
}

/**
 * Reads a recording from `body` to its end (or to the first refusal) and tells what it is.
 * Refuses, as an AppError with a message naming `fileName`: bytes that are not a recording (415),
 * sound in a codec we do not keep (415), a video (415), more than MAX_RECORDING_BYTES (413), longer than MAX_RECORDING_SECONDS
 * (413), and a recording that cannot be read to a length (400).
 */
export async function inspectRecording(body: ReadableStream<Uint8Array>, fileName: string): Promise<RecordingFacts> {
  const reader = body.getReader();
  try {
    // The first bytes, to know the container before anything parses the rest.
    const head: Uint8Array[] = [];
    let headLength = 0;
    while (headLength < SIGNATURE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      head.push(value);
      headLength += value.length;
    }
    const first = concat(head);
    const container = sniffRecording(first);
    if (!container) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notARecording(fileName));

    let byteSize = 0;
    let refusal: AppError | null = null;
    const clock = container === "webm" ? new WebmClock() : null;
    const counted = (chunk: Uint8Array) => {
      byteSize += chunk.length;
      if (byteSize > MAX_RECORDING_BYTES) throw (refusal = new AppError("PAYLOAD_TOO_LARGE", recordingTooLarge(fileName)));
      clock?.push(chunk);
      return chunk;
    };
    const passing = new ReadableStream<Uint8Array>({
      start(controller) {
        if (first.length) controller.enqueue(counted(first));
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(counted(value));
      },
    });

    let format: Pick<IAudioMetadata["format"], "hasVideo" | "codec" | "container" | "duration" | "sampleRate" | "numberOfChannels" | "bitsPerSample"> | null =
      null;
    try {
      format = (await parseWebStream(passing, { mimeType: CONTENT_TYPES[container] }, { duration: true, skipCovers: true })).format;
    } catch {
      if (refusal) throw refusal;
      // A browser's WebM has elements of unknown size, which the parser cannot read: the walker reads its tracks.
      if (!clock) throw new AppError("BAD_REQUEST", recordingUnreadable(fileName));
    }
    if (refusal) throw refusal;
    // What the parser left unread still counts toward the size, and lengthens a WebM.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      counted(value);
    }
    format ??= webmFormat(clock!);

    if (format.hasVideo) throw new AppError("UNSUPPORTED_MEDIA_TYPE", videoNotRecording(fileName));
    const codec = codecOf(container, format.codec);
    if (!codec && format.codec) throw new AppError("UNSUPPORTED_MEDIA_TYPE", recordingCodecUnsupported(fileName));
    if (!codec) throw new AppError("BAD_REQUEST", recordingUnreadable(fileName));
    const durationSeconds = lengthOf(format, byteSize) ?? clock?.seconds ?? null;
    if (durationSeconds === null || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
      throw new AppError("BAD_REQUEST", recordingUnreadable(fileName));
    }
    if (durationSeconds > MAX_RECORDING_SECONDS) throw new AppError("PAYLOAD_TOO_LARGE", recordingTooLong(fileName, durationSeconds));
    return { container, codec, contentType: CONTENT_TYPES[container], durationSeconds, byteSize, playsEverywhere: playsEverywhere(container, codec) };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** What the walker read of a WebM the parser could not: its tracks' codec (Matroska's "A_OPUS" is "OPUS") and whether one is a video. */
function webmFormat(clock: WebmClock) {
  const sound = clock.tracks.find((track) => track.type !== VIDEO_TRACK && track.codecId);
  return {
    hasVideo: clock.tracks.some((track) => track.type === VIDEO_TRACK),
    codec: sound?.codecId?.replace(/^A_/, ""),
    container: "EBML/webm",
    duration: undefined,
  };
}

/**
 * The length the parser read from the header; for a WAV, no more than its bytes hold, since a
 * header that promises an hour over a second of sound plays for a second.
 */
function lengthOf(format: { container?: string; duration?: number; sampleRate?: number; numberOfChannels?: number; bitsPerSample?: number }, byteSize: number) {
  const { duration, sampleRate, numberOfChannels, bitsPerSample } = format;
  if (duration === undefined || format.container !== "WAVE" || !sampleRate || !numberOfChannels || !bitsPerSample) return duration ?? null;
  return Math.min(duration, byteSize / (sampleRate * numberOfChannels * (bitsPerSample / 8)));
}

function concat(chunks: Uint8Array[]) {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}
