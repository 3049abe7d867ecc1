import "server-only";
import { AppError } from "./app-error";

// Request bodies are read as streams with a hard cap chosen per route (docs/decisions/007-bounded-requests.md):
// a body that announces more than the cap is refused before a byte is read, one that turns out
// larger (chunked, or lying about its length) is refused as soon as the cap is crossed. Nothing
// beyond the cap is ever held in memory.

export const BODY_CAPS = {
  /** Sign-in and registration: a few short fields. */
  credentials: 8 * 1024,
  /** Every other JSON body (the largest is a questionnaire with its questions). */
  json: 1024 * 1024,
} as const;

export const BODY_TOO_LARGE = "The request is too large.";

export class BodyTooLargeError extends AppError {
  override name = "BodyTooLargeError";

  constructor(message = BODY_TOO_LARGE) {
    // The rest of the body is never read, so the connection cannot carry another request.
    super("PAYLOAD_TOO_LARGE", message, undefined, { Connection: "close" });
  }
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
  if (announced !== null && announced > maxBytes) throw new BodyTooLargeError(message);
  if (!request.body) return;
  const reader = request.body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += value.byteLength;
      if (received > maxBytes) throw new BodyTooLargeError(message);
      yield value;
    }
  } finally {
    // Stop reading without draining: whatever is still on its way is never buffered here.
    reader.releaseLock();
  }
}

/** The whole body, at most maxBytes of it (413 beyond that). */
export async function readBodyCapped(request: Request, maxBytes: number, message?: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of readBodyChunks(request, maxBytes, message)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
