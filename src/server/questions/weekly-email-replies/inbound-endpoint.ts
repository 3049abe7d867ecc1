import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/server/platform/env";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { BodyTooLargeError, readBodyCapped } from "@/server/platform/http/read-body";
import { MAX_REPLY_BYTES, receiveReply, type ReplyOutcome } from "./receive-reply";

// POST /api/inbound-email (docs/decisions/022-answers-by-reply.md): what a mail provider's inbound
// webhook posts — the raw message, as message/rfc822 — authenticated by the shared secret
// INBOUND_EMAIL_SECRET in a header, compared in constant time. Off (404) without the secret.

export const INBOUND_SECRET_HEADER = "x-family-book-inbound-secret";
export const INBOUND_SECRET_WRONG = "The inbound email secret is missing or wrong.";
export const INBOUND_NOT_RFC822 = "Send the raw email as the body (Content-Type: message/rfc822).";
export const INBOUND_TOO_LARGE = "The email is too large: at most 25 MB.";
export const INBOUND_OFF = "Replies by email are not taken here (INBOUND_EMAIL_SECRET is not set).";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Constant time whatever the lengths: the digests are compared, never the texts. */
export function secretMatches(given: string | null, expected: string) {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

export async function receiveInboundEmail(request: Request): Promise<{ outcome: ReplyOutcome["status"]; reason: string | null }> {
  const secret = getEnv().INBOUND_EMAIL_SECRET;
  if (!secret) throw notFound(INBOUND_OFF);
  if (!secretMatches(request.headers.get(INBOUND_SECRET_HEADER), secret)) throw new AppError("UNAUTHORIZED", INBOUND_SECRET_WRONG);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "message/rfc822") throw new AppError("UNSUPPORTED_MEDIA_TYPE", INBOUND_NOT_RFC822);
  let raw: Buffer;
  try {
    raw = await readBodyCapped(request, MAX_REPLY_BYTES, INBOUND_TOO_LARGE);
  } catch (error) {
    if (error instanceof BodyTooLargeError) await receiveReply({ raw: null, via: "http" });
    throw error;
  }
  const result = await receiveReply({ raw, via: "http" });
  return { outcome: result.status, reason: result.status === "refused" ? result.reason : null };
}
