import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
import { openAiTranscriptionEngine, transcriptionEndpoint, TranscriptionError } from "@/server/recordings/transcription/transcription-engine";

// Where a recording is sent to be written down (docs/decisions/042-transcripts.md): the
// OpenAI-compatible path under the server TRANSCRIBE_URL names, or the URL itself when it names it.

describe("the transcription endpoint", () => {
  it("adds /v1/audio/transcriptions to a server's address, under any path it has", () => {
    expect(transcriptionEndpoint("http://whisper.local:8000").href).toBe("http://whisper.local:8000/v1/audio/transcriptions");
    expect(transcriptionEndpoint("http://whisper.local:8000/").href).toBe("http://whisper.local:8000/v1/audio/transcriptions");
    expect(transcriptionEndpoint("https://proxy.example/speech/").href).toBe("https://proxy.example/speech/v1/audio/transcriptions");
  });

  it("keeps an address that already names the transcriptions path", () => {
    expect(transcriptionEndpoint("https://api.example/v1/audio/transcriptions").href).toBe("https://api.example/v1/audio/transcriptions");
    expect(transcriptionEndpoint("https://api.example/openai/audio/transcriptions/").href).toBe("https://api.example/openai/audio/transcriptions/");
  });
});

// The engine's answer is read as untrusted input: whatever a server sends back, the result is
// plain text on one line within the transcript limit, or a TranscriptionError that says whether
// trying again could help. Tested against a real HTTP server answering what each case gives it.
describe("the engine's answer", () => {
  let answer: { status: number; body: Buffer | string } = { status: 200, body: "{}" };
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const transcribe = async (status: number, body: Buffer | string) => {
    answer = { status, body };
    const engine = openAiTranscriptionEngine({ url, model: "test-model" });
    const recording = new Blob([new Uint8Array([1, 2, 3])]).stream();
    return engine.transcribe({ body: recording, size: 3, contentType: "audio/wav", fileName: "a.wav" });
  };
  const refusal = (status: number, body: Buffer | string) =>
    transcribe(status, body).then(
      () => null,
      (error: unknown) => error,
    );

  it("keeps the words on one flowing line, with no control characters", async () => {
    expect(await transcribe(200, JSON.stringify({ text: "  We rowed\n\nout\tat\u0000dawn.\u0085\r\n" }))).toBe("We rowed out at dawn.");
    expect(await transcribe(200, JSON.stringify({ text: "x".repeat(MAX_TRANSCRIPT_CHARACTERS + 10) }))).toHaveLength(MAX_TRANSCRIPT_CHARACTERS);
  });

  it("says a server that is down may be tried again, and one that refuses may not", async () => {
    for (const status of [500, 503, 408, 429]) expect(await refusal(status, "busy")).toMatchObject({ retry: true });
    for (const status of [400, 401, 413, 415]) expect(await refusal(status, "no")).toMatchObject({ retry: false });
    expect(await refusal(200, "not json")).toMatchObject({ retry: false, message: "The transcription engine's answer has no text." });
    expect(await refusal(200, JSON.stringify({ words: "no text field" }))).toMatchObject({ retry: false });
    expect(await refusal(200, Buffer.alloc(4 * 1024 * 1024 + 1, 0x20))).toMatchObject({
      retry: false,
      message: "The transcription engine's answer is too large.",
    });
  });

  it("turns any answer into plain text or a refusal, never anything else", async () => {
    const answers = fc.oneof(
      fc.string({ unit: "binary" }).map((text) => JSON.stringify({ text })),
      fc.json(),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.record({ text: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }).map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(200, 201, 400, 500), answers, async (status, body) => {
        try {
          const text = await transcribe(status, body);
          expect(status).toBeLessThan(300);
          expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
          expect(text).not.toMatch(/\s{2,}|^\s|\s$/);
          expect(text.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_CHARACTERS);
        } catch (error) {
          expect(error).toBeInstanceOf(TranscriptionError);
        }
      }),
      { numRuns: 150 },
    );
  });
});
