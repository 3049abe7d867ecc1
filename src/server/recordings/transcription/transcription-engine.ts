import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
import { getEnv, type Environment } from "@/server/platform/env";

// The one way Family Book turns speech into words (docs/decisions/042-transcripts.md): an
// OpenAI-compatible /v1/audio/transcriptions server named by TRANSCRIBE_URL — the self-hosted
// whisper servers speak it, as do hosted APIs. The recording is streamed to it as it is stored,
// never read whole into memory.

export type TranscriptionEngine = {
  /** The words spoken in the recording, as the engine heard them. */
  transcribe(input: { body: ReadableStream<Uint8Array>; size: number; contentType: string; fileName: string; signal?: AbortSignal }): Promise<string>;
};

/** Why a transcription failed: `retry` is false when sending it again would fail the same way. */
export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = "TranscriptionError";
  }
}

/** An engine's answer larger than this is not read. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const answerSchema = z.object({ text: z.string() });

/** The endpoint: the URL as given when it already names it, else /v1/audio/transcriptions under it. */
export function transcriptionEndpoint(base: string) {
  const url = new URL(base);
  if (!/\/audio\/transcriptions\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/audio/transcriptions`;
  return url;
}

/** A quoted multipart parameter, without the characters that would end it. */
const quoted = (value: string) => `"${value.replace(/["\r\n\\]/g, "_")}"`;

/** multipart/form-data with a model field and the file, the file's bytes streamed through. */
function multipartBody({ body, fileName, contentType, model }: { body: ReadableStream<Uint8Array>; fileName: string; contentType: string; model: string }) {
  const boundary = `----family-book-${randomBytes(16).toString("hex")}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="model"',
      "",
      model,
      `--${boundary}`,
      'Content-Disposition: form-data; name="response_format"',
      "",
      "json",
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename=${quoted(fileName)}`,
      `Content-Type: ${contentType}`,
      "",
      "",
    ].join("\r\n"),
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const reader = body.getReader();
  let stage: "head" | "file" | "done" = "head";
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        stage = "file";
        controller.enqueue(head);
        return;
      }
      if (stage === "file") {
        const { done, value } = await reader.read();
        if (!done) {
          controller.enqueue(value);
          return;
        }
        stage = "done";
        controller.enqueue(tail);
        controller.close();
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Reads at most `limit` bytes of an answer. */
async function readCapped(response: Response, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return "";
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new TranscriptionError("The transcription engine's answer is too large.", false);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function openAiTranscriptionEngine({ url, model, apiKey }: { url: string; model: string; apiKey?: string }): TranscriptionEngine {
  const endpoint = transcriptionEndpoint(url);
  return {
    async transcribe({ body, fileName, contentType, signal }) {
      const multipart = multipartBody({ body, fileName, contentType, model });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": multipart.contentType, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          body: multipart.stream,
          duplex: "half",
          signal,
        } as RequestInit);
      } catch (error) {
        throw new TranscriptionError(`The transcription engine at ${endpoint.origin} could not be reached (${(error as Error).message}).`, true);
      }
      const text = await readCapped(response, MAX_ANSWER_BYTES);
      if (!response.ok) {
        // 4xx but 408/429 means this recording will be refused again; 5xx, 408 and 429 may pass later.
        const retry = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new TranscriptionError(`The transcription engine answered ${response.status}: ${text.slice(0, 300)}`, retry);
      }
      let parsed: z.output<typeof answerSchema>;
      try {
        parsed = answerSchema.parse(JSON.parse(text));
      } catch {
        throw new TranscriptionError("The transcription engine's answer has no text.", false);
      }
      // Plain text on one flowing line: no control characters, however the engine spaced it.
      return parsed.text
        .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_TRANSCRIPT_CHARACTERS);
    },
  };
}

/** The engine TRANSCRIBE_URL names, or null when none is configured. */
export function transcriptionEngine(env: Environment = getEnv()): TranscriptionEngine | null {
  if (!env.TRANSCRIBE_URL) return null;
  return openAiTranscriptionEngine({ url: env.TRANSCRIBE_URL, model: env.TRANSCRIBE_MODEL, apiKey: env.TRANSCRIBE_API_KEY });
}
