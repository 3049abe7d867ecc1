import "server-only";
import { AppError } from "./app-error";

// Request bodies are read as streams with a hard cap chosen per route (docs/decisions/007-bounded-requests.md):
// a body that announces more than the cap is refused before a byte is read, one that turns out
// larger (chunked, or lying about its length) is refused as soon as the cap is crossed. Nothing
// beyond the cap is ever held in memory; what still arrives after a refusal is dropped as it comes.

export const BODY_CAPS = {
  /** Sign-in and registration: a few short fields. */
  credentials: 8 * 1024,
  /** Every other JSON body (the largest is a questionnaire with its questions). */
  json: 1024 * 1024,
} as const;

export const BODY_TOO_LARGE = "The request is too large.";

export class BodyTooLargeError extends AppError {
  override name = "BodyTooLargeError";

  constructor(message = BODY_TOO_LARGE, fieldErrors?: Record<string, string[]>) {
    // The rest of the body is only read to be dropped, and not all of it: the connection cannot carry another request.
    super("PAYLOAD_TOO_LARGE", message, fieldErrors, { Connection: "close" });
  }
}

/**
 * What is still read, and dropped, of a body refused before its end, so that a client still sending
 * (a phone with a 6 MB photo on a slow line) finishes and reads the answer: a client waits to have
 * sent its whole body before it reads, and an unread body stops the connection, so without this the
 * 413 never reaches it. At most the route's own cap again (at least 1 MB, at most 32 MB), and for
 * 10 s; past either the connection is closed.
 */
export const DISCARD_AFTER_REFUSAL = { minBytes: 1024 * 1024, maxBytes: 32 * 1024 * 1024, ms: 10_000 } as const;

export const discardBound = (cap: number) => Math.min(DISCARD_AFTER_REFUSAL.maxBytes, Math.max(DISCARD_AFTER_REFUSAL.minBytes, cap));

/** Reads and drops the rest of a body in the background, up to `bound` bytes and DISCARD_AFTER_REFUSAL.ms, then lets it go. */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, bound: number) {
  const stop = setTimeout(() => void reader.cancel().catch(() => undefined), DISCARD_AFTER_REFUSAL.ms);
  stop.unref?.();
  void (async () => {
    let dropped = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        dropped += value.byteLength;
        if (dropped > bound) {
          await reader.cancel();
          return;
        }
      }
    } catch {
      // The client went away, or the time ran out: nothing more to drop.
    } finally {
      clearTimeout(stop);
    }
  })();
}

/** The declared length, or null when the body is chunked (or the header is not a number). */
export function declaredLength(request: Request) {
  const header = request.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/**
 * The body's chunks, each passed on as it arrives; throws BodyTooLargeError as soon as more than
 * maxBytes have come in, before the chunk that crossed the cap is handed on.
 */
export async function* readBodyChunks(request: Request, maxBytes: number, message?: string): AsyncGenerator<Uint8Array> {
  const announced = declaredLength(request);
  if (announced !== null && announced > maxBytes) {
    if (request.body) discardRest(request.body.getReader(), discardBound(maxBytes));
    throw new BodyTooLargeError(message);
  }
  if (!request.body) return;
  const reader = request.body.getReader();
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      received += value.byteLength;
      if (received > maxBytes) throw new BodyTooLargeError(message);
      yield value;
    }
  } finally {
    // Nothing more is kept; what is still on its way is read and dropped, so the client gets the answer.
    if (finished) reader.releaseLock();
    else discardRest(reader, discardBound(maxBytes));
  }
}

/** The whole body, at most maxBytes of it (413 beyond that). */
export async function readBodyCapped(request: Request, maxBytes: number, message?: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of readBodyChunks(request, maxBytes, message)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
