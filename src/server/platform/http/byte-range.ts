// The one byte range a download is asked for (RFC 9110 §14): what lets a half-hour recording start
// playing at once and jump to any minute on a phone, without sending what comes before.

/** First and last byte, both included. */
export type ByteRange = { start: number; end: number };

// A position longer than this is no object we keep: the header is ignored rather than trusted.
const MAX_DIGITS = 15;
const SPEC = new RegExp(`^bytes=(\\d{1,${MAX_DIGITS}})?-(\\d{1,${MAX_DIGITS}})?$`);

/**
 * The part of an object of `size` bytes that `header` (a Range header) asks for: a range within
 * the object; "unsatisfiable" when it asks only for bytes past the end (answered 416); or null
 * when the whole object is sent — no header, a malformed one, or several ranges at once, which
 * a server may answer whole.
 */
export function parseByteRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (header === null) return null;
  const match = SPEC.exec(header.trim().replace(/^bytes\s*=\s*/i, "bytes="));
  if (!match) return null;
  const [, first, last] = match;
  if (first === undefined && last === undefined) return null;
  if (first === undefined) {
    // The last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === undefined ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}
