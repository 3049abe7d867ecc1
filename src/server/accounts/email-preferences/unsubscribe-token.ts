import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isEmailPreferenceKind, type EmailPreferenceKind } from "@/lib/email-preferences";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { getAuthSecret } from "@/server/platform/env";

// The token in every unsubscribe link (docs/decisions/013-email.md): the member's id, the kind of
// email, and an HMAC of both under the app's secret. It needs no row and no sign-in, never
// expires (an old email's link keeps working), and a changed id or kind no longer matches.

const PURPOSE = "family-book/unsubscribe/v1";

function signatureOf(userId: string, kind: EmailPreferenceKind) {
  return createHmac("sha256", getAuthSecret()).update(`${PURPOSE}\n${userId}\n${kind}`).digest();
}

export function unsubscribeToken(userId: string, kind: EmailPreferenceKind) {
  return `${userId}.${kind}.${signatureOf(userId, kind).toString("base64url")}`;
}

export type UnsubscribeSubject = { userId: string; kind: EmailPreferenceKind };

/** Whom and which kind a token names, or null for anything that is not a token we signed. */
export function readUnsubscribeToken(token: unknown): UnsubscribeSubject | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [userId, kind, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !signature || !UUID_PATTERN.test(userId) || !isEmailPreferenceKind(kind)) return null;
  // Compared as written, not as decoded: base64url's last character carries spare bits that a
  // decoder ignores, so two different strings can decode to the same bytes.
  const expected = Buffer.from(signatureOf(userId, kind).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}

/** The addresses an email of this kind links to: the page that turns it off, the RFC 8058 one-click address, and Settings. */
export function unsubscribeLinks(origin: string, userId: string, kind: EmailPreferenceKind) {
  const token = encodeURIComponent(unsubscribeToken(userId, kind));
  return {
    page: `${origin}/unsubscribe?token=${token}`,
    oneClick: `${origin}/api/unsubscribe?token=${token}`,
    settings: `${origin}/settings`,
  };
}
