import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";

// A real speech recogniser behind the transcription engine's HTTP contract (an OpenAI-compatible
// POST /v1/audio/transcriptions, multipart with `file` and `model`, answering { text }): Debian's
// pocketsphinx with its English acoustic model, listening for the sentences of a JSGF grammar.
// With its general language model it mishears synthetic speech badly; given a few candidate
// sentences it returns the one spoken, so a test can tell the right transcript from the others.
// It takes 16-bit PCM WAV (what espeak-ng writes); anything else is refused with 400, as a real
// engine refuses a format it cannot read — unless it is told to read what browsers record (Opus in
// WebM, AAC in MP4…), as the self-hosted whisper servers do, which it turns into WAV with ffmpeg first.

const run = promisify(execFile);
const MODEL = "/usr/share/pocketsphinx/model/en-us";

export type TranscriptionRequest = { model: string | null; authorization: string | null; fileName: string | null; contentType: string | null; bytes: number };

/** espeak-ng's voice saying `sentence`, as the WAV it writes. */
export async function speak(sentence: string): Promise<Uint8Array> {
  const { stdout } = await run("espeak-ng", ["--stdout", sentence], { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 });
  return new Uint8Array(stdout);
}

/** The sample rate in a RIFF/WAVE header, or null when the bytes are not 16-bit PCM WAV. */
function wavSampleRate(bytes: Buffer) {
  if (bytes.length < 44 || bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") return null;
  if (bytes.readUInt16LE(20) !== 1 || bytes.readUInt16LE(34) !== 16) return null;
  return bytes.readUInt32LE(24);
}

function formData(request: IncomingMessage) {
  const body = Readable.toWeb(request) as ReadableStream<Uint8Array>;
  return new Request("http://transcriber/", { method: "POST", headers: request.headers as HeadersInit, body, duplex: "half" } as RequestInit).formData();
}

export async function startSphinxTranscriber({
  sentences,
  readsAnyFormat = false,
  port: wantedPort = 0,
}: {
  sentences: readonly string[];
  /** Reads any sound ffmpeg reads, as WAV; otherwise only 16-bit PCM WAV. */
  readsAnyFormat?: boolean;
  port?: number;
}) {
  const folder = await mkdtemp(path.join(tmpdir(), "family-book-sphinx-"));
  const grammar = path.join(folder, "story.gram");
  await writeFile(grammar, `#JSGF V1.0;\ngrammar story;\npublic <sentence> = ${sentences.map((sentence) => sentence.toLowerCase()).join(" | ")};\n`);
  const requests: TranscriptionRequest[] = [];
  /** Answers the next requests with these statuses instead of listening (an engine that is down, or refuses). */
  const failures: number[] = [];
  let count = 0;

  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      if (request.method !== "POST" || request.url !== "/v1/audio/transcriptions") return answer(404, { error: { message: "Not found" } });
      const form = await formData(request);
      const file = form.get("file");
      const bytes = file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
      requests.push({
        model: form.get("model") as string | null,
        authorization: request.headers.authorization ?? null,
        fileName: file instanceof File ? file.name : null,
        contentType: file instanceof Blob ? file.type : null,
        bytes: bytes.length,
      });
      const failure = failures.shift();
      if (failure) return answer(failure, { error: { message: `Failing with ${failure} as the test asked` } });
      const input = path.join(folder, `speech-${++count}.wav`);
      let rate = wavSampleRate(bytes);
      if (!rate && readsAnyFormat) {
        const original = path.join(folder, `sound-${count}`);
        await writeFile(original, bytes);
        await run("ffmpeg", ["-loglevel", "error", "-y", "-i", original, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", input]);
        await rm(original, { force: true });
        rate = 16_000;
      } else if (rate) {
        await writeFile(input, bytes);
      }
      if (!rate) return answer(400, { error: { message: "Only 16-bit PCM WAV can be read here" } });
      const { stdout } = await run("pocketsphinx_continuous", [
        ...["-infile", input, "-samprate", String(rate), "-nfft", rate > 16_000 ? "1024" : "512"],
        ...["-jsgf", grammar, "-hmm", path.join(MODEL, "en-us"), "-dict", path.join(MODEL, "cmudict-en-us.dict"), "-logfn", "/dev/null"],
        // Its noise removal takes a browser's recording of synthetic speech (processed by the
        // browser, then silence) for noise and hears nothing; the sound here is clean.
        ...["-remove_noise", "no"],
      ]);
      await rm(input, { force: true });
      answer(200, { text: stdout.trim() });
    })().catch((error: Error) => answer(500, { error: { message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failures,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
