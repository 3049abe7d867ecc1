import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/server/platform/env";

/**
 * A new Message-ID, made when an email is queued: every attempt to send it carries the same one,
 * which is how a retried job knows the message was already accepted (docs/decisions/013-email.md).
 * Its right-hand side is the sender's domain (or the app's host).
 */
export function newMessageId() {
  return messageIdFor(randomUUID());
}

/** The Message-ID of an email that must be sent once per occasion, however often it is queued (`localPart`: what names the occasion). */
export function messageIdFor(localPart: string) {
  const env = getEnv();
  const senderDomain = env.MAIL_FROM ? /@([^>\s]+)>?$/.exec(env.MAIL_FROM)?.[1] : undefined;
  const domain = senderDomain ?? (env.APP_URL ? new URL(env.APP_URL).hostname : "family-book.localhost");
  return `<${localPart}@${domain}>`;
}
