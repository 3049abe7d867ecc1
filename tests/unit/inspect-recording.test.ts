import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
import { inspectRecording, sniffRecording } from "@/server/recordings/inspect-recording";
import { WebmClock } from "@/server/recordings/webm-clock";

// A recording is known by its bytes: the same spoken sentence (3.2 s) in every format a phone or a
// browser writes (tests/fixtures/recordings/README.md says how each was made), and the files no
// one should be able to keep.

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings", name)));

/** `bytes` as a stream of `size`-byte chunks, as a request body or a stored object arrives. */
function streamOf(bytes: Uint8Array, size = 4096) {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** A PCM WAV of silence: its header, then `seconds` of 8-bit mono sound at `rate`, made as it is read. */
function silentWav(seconds: number, { rate = 8000, claimedSeconds = seconds } = {}) {
  const dataBytes = Math.round(seconds * rate);
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((character, index) => (header[at + index] = character.charCodeAt(0)));
  const claimed = Math.round(claimedSeconds * rate);
  ascii(0, "RIFF");
  view.setUint32(4, 36 + claimed, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // bytes per second
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, "data");
  view.setUint32(40, claimed, true);
  let sent = -1;
  const chunk = new Uint8Array(64 * 1024).fill(128);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        sent = 0;
        return controller.enqueue(header);
      }
      if (sent >= dataBytes) return controller.close();
      const size = Math.min(chunk.length, dataBytes - sent);
      sent += size;
      controller.enqueue(chunk.subarray(0, size));
    },
  });
}

/** The refusal `inspectRecording` gives, as status and message. */
async function refusal(body: ReadableStream<Uint8Array>, fileName = "story.m4a") {
  const error = await inspectRecording(body, fileName).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

describe("a recording is known by its bytes", () => {
  it.each([
    ["speech.m4a", { container: "mp4", codec: "aac", contentType: "audio/mp4", playsEverywhere: true }],
    ["speech.mp3", { container: "mp3", codec: "mp3", contentType: "audio/mpeg", playsEverywhere: true }],
    ["speech.webm", { container: "webm", codec: "opus", contentType: "audio/webm", playsEverywhere: true }],
    ["speech.ogg", { container: "ogg", codec: "opus", contentType: "audio/ogg", playsEverywhere: false }],
    ["speech-vorbis.ogg", { container: "ogg", codec: "vorbis", contentType: "audio/ogg", playsEverywhere: false }],
    ["speech.flac", { container: "flac", codec: "flac", contentType: "audio/flac", playsEverywhere: true }],
  ])("%s: its container, codec and length, whatever name it came with", async (name, expected) => {
    const bytes = fixture(name);
    const facts = await inspectRecording(streamOf(bytes), "Grandma's story.bin");
    expect(facts).toMatchObject({ ...expected, byteSize: bytes.length });
    expect(facts.durationSeconds).toBeGreaterThan(3.1);
    expect(facts.durationSeconds).toBeLessThan(3.4);
  });

  it("tells the length of a WebM recorded as a browser records it, with no Duration in its header", async () => {
    const bytes = fixture("live.webm");
    const facts = await inspectRecording(streamOf(bytes, 997), "recording.webm");
    expect(facts).toMatchObject({ container: "webm", codec: "opus" });
    expect(facts.durationSeconds).toBeGreaterThan(3.1);
    expect(facts.durationSeconds).toBeLessThan(3.4);
  });

  it("reads a WebM as Chromium's MediaRecorder writes it, whose Segment and Clusters have no size: its codec from its track, its length from its blocks", async () => {
    // Recorded for 1.5 s, paused, and recorded for 1.5 s more (tests/fixtures/recordings/README.md).
    const bytes = fixture("browser.webm");
    const facts = await inspectRecording(streamOf(bytes, 4096), "The blue boat.webm");
    expect(facts).toMatchObject({ container: "webm", codec: "opus", contentType: "audio/webm", byteSize: bytes.length, playsEverywhere: true });
    expect(facts.durationSeconds).toBeGreaterThan(2.8);
    expect(facts.durationSeconds).toBeLessThan(3.3);
  });

  it("refuses a WebM whose only track is video, and one whose sound is in a codec we do not keep, when the parser cannot read them either", async () => {
    const bytes = fixture("browser.webm");
    const at = Buffer.from(bytes).indexOf(Buffer.from("A_OPUS"));
    const asVideo = Buffer.from(bytes);
    // The track's type, 2 (sound), follows its element id 0x83 and size 0x81.
    const typeAt = asVideo.indexOf(Buffer.from([0x83, 0x81, 0x02]));
    asVideo[typeAt + 2] = 0x01;
    asVideo.write("V_VP8\0", at, "latin1");
    expect(await refusal(streamOf(new Uint8Array(asVideo)), "clip.webm")).toEqual({ status: 415, message: videoNotRecording("clip.webm") });
    const otherCodec = Buffer.from(bytes);
    otherCodec.write("A_AC3\0", at, "latin1");
    expect(await refusal(streamOf(new Uint8Array(otherCodec)), "ac3.webm")).toEqual({ status: 415, message: recordingCodecUnsupported("ac3.webm") });
  });

  it("reads a WebM's length the same however its bytes are cut into chunks", () => {
    const bytes = fixture("live.webm");
    const whole = new WebmClock();
    whole.push(bytes);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 200 }), (sizes) => {
        const clock = new WebmClock();
        let offset = 0;
        for (let index = 0; offset < bytes.length; index += 1) {
          const size = sizes[index % sizes.length]!;
          clock.push(bytes.subarray(offset, offset + size));
          offset += size;
        }
        expect(clock.seconds).toBe(whole.seconds);
      }),
    );
  });

  it("keeps a PCM WAV, and counts only the sound it holds when its header promises more", async () => {
    expect(await inspectRecording(silentWav(2.5), "wav.wav")).toMatchObject({ container: "wav", codec: "pcm", durationSeconds: 2.5, playsEverywhere: true });
    const lying = await inspectRecording(silentWav(2, { claimedSeconds: 3600 }), "lying.wav");
    expect(lying.durationSeconds).toBeCloseTo(2, 1);
  });

  it("refuses a recording longer than 30 minutes, naming the file and its length", async () => {
    const seconds = MAX_RECORDING_SECONDS + 60;
    expect(await refusal(silentWav(seconds), "Whole afternoon.wav")).toEqual({ status: 413, message: recordingTooLong("Whole afternoon.wav", seconds) });
    expect(recordingTooLong("Whole afternoon.wav", seconds)).toBe(
      "Whole afternoon.wav is 31 minutes long. A recording can be at most 30 minutes; please shorten it or split it into two stories.",
    );
    // Exactly 30 minutes is kept.
    expect((await inspectRecording(silentWav(MAX_RECORDING_SECONDS), "half hour.wav")).durationSeconds).toBe(MAX_RECORDING_SECONDS);
  });

  it("refuses more bytes than a recording may have, reading no further than the limit", async () => {
    let produced = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(fixture("speech.mp3"));
      },
      pull(controller) {
        produced += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    expect(await refusal(endless, "tape.mp3")).toEqual({ status: 413, message: recordingTooLarge("tape.mp3") });
    expect(produced).toBeGreaterThan(MAX_RECORDING_BYTES - 2 * 1024 * 1024);
    expect(produced).toBeLessThanOrEqual(MAX_RECORDING_BYTES + 2 * 1024 * 1024);
  });

  it("refuses what is not sound: text, a photo, an empty file, a video, sound in a form it cannot play, and a file cut short", async () => {
    const text = new TextEncoder().encode("Dear diary, today we went to the lake.");
    expect(await refusal(streamOf(text), "diary.m4a")).toEqual({ status: 415, message: notARecording("diary.m4a") });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0]);
    expect(await refusal(streamOf(jpeg), "photo.mp3")).toEqual({ status: 415, message: notARecording("photo.mp3") });
    expect(await refusal(streamOf(new Uint8Array(0)), "empty.wav")).toEqual({ status: 415, message: notARecording("empty.wav") });
    expect(await refusal(streamOf(fixture("videoaudio.mp4")), "birthday.mp4")).toEqual({ status: 415, message: videoNotRecording("birthday.mp4") });
    expect(await refusal(streamOf(fixture("ulaw.wav")), "answering machine.wav")).toEqual({
      status: 415,
      message: recordingCodecUnsupported("answering machine.wav"),
    });
    expect(await refusal(streamOf(fixture("speech.m4a").subarray(0, 600)), "cut.m4a")).toEqual({ status: 400, message: recordingUnreadable("cut.m4a") });
    expect(await refusal(streamOf(fixture("speech.webm").subarray(0, 100)), "cut.webm")).toEqual({ status: 400, message: recordingUnreadable("cut.webm") });
  });

  it("names the container from the first bytes alone", () => {
    const head = (name: string) => fixture(name).subarray(0, 12);
    expect(["speech.m4a", "speech.mp3", "speech.ogg", "speech.webm", "speech.flac", "ulaw.wav"].map((name) => sniffRecording(head(name)))).toEqual([
      "mp4",
      "mp3",
      "ogg",
      "webm",
      "flac",
      "wav",
    ]);
    expect(sniffRecording(new Uint8Array([0xff, 0xfb, 0x90, 0x64]))).toBe("mp3");
    expect(sniffRecording(new TextEncoder().encode("RIFF....AVI "))).toBeNull();
  });
});

describe("no file crashes or hangs the inspection", () => {
  const outcomes = async (bytes: Uint8Array, chunk: number) => {
    try {
      const facts = await inspectRecording(streamOf(bytes, chunk), "fuzz.bin");
      // Kept: it has a real length within the limit.
      expect(facts.durationSeconds).toBeGreaterThan(0);
      expect(facts.durationSeconds).toBeLessThanOrEqual(MAX_RECORDING_SECONDS);
    } catch (error) {
      // Refused: always with a status a person is shown, never a crash.
      expect(error).toBeInstanceOf(AppError);
      expect([400, 413, 415]).toContain((error as AppError).status);
    }
  };
  const recordings = ["speech.m4a", "speech.mp3", "speech.ogg", "speech-vorbis.ogg", "speech.webm", "live.webm", "browser.webm", "speech.flac"].map(fixture);

  it("random bytes, behind each format's signature or none", async () => {
    const signatures = [
      [],
      [...recordings[0]!.subarray(0, 12)],
      [0x1a, 0x45, 0xdf, 0xa3],
      [...new TextEncoder().encode("OggS")],
      [...new TextEncoder().encode("ID3")],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 4096 }), fc.integer({ min: 1, max: 512 }), async (signature, rest, chunk) =>
        outcomes(new Uint8Array([...signature, ...rest]), chunk),
      ),
      { numRuns: 300 },
    );
  });

  it("real recordings cut short, or with bytes changed anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...recordings),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.integer({ min: 1, max: 4096 }),
        async (recording, keep, changes, chunk) => {
          const bytes = recording.slice(0, Math.max(1, Math.floor(recording.length * keep)));
          for (const [where, value] of changes) bytes[Math.floor(where * (bytes.length - 1))] = value;
          await outcomes(bytes, chunk);
        },
      ),
      { numRuns: 300 },
    );
  });
});
