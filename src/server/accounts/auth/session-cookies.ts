// Cookie names and options. The browser's session is an httpOnly cookie carrying the same token
// API clients send as "Authorization: Bearer" (docs/decisions/003-sessions-and-invites.md: never in localStorage).

import { parseCookie } from "cookie";
import { SESSION_COOKIE, SIGNED_OUT_COOKIE } from "@/lib/cookie-names";
import { now } from "@/server/platform/clock";

export { INVITE_COOKIE, SESSION_COOKIE, SIGNED_OUT_COOKIE } from "@/lib/cookie-names";

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const INVITE_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

// Cookies are marked Secure whenever the browser reached us over HTTPS (directly or through a
// proxy that says so in X-Forwarded-Proto), which is every production deployment.
type CookieContext = { secure: boolean };

export function sessionCookieHeader(token: string, expiresAt: Date, context: CookieContext) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now().getTime()) / 1000));
  return serializeCookie(SESSION_COOKIE, token, { maxAge, httpOnly: true, secure: context.secure });
}

export function clearCookieHeader(name: string, context: CookieContext) {
  return serializeCookie(name, "", { maxAge: 0, httpOnly: name !== SIGNED_OUT_COOKIE, secure: context.secure });
}

function serializeCookie(name: string, value: string, options: { maxAge: number; httpOnly: boolean; secure: boolean }) {
  const parts = [`${name}=${value}`, "Path=/", `Max-Age=${options.maxAge}`, "SameSite=Lax"];
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * One cookie from a Cookie header, or undefined. A value that does not decode (a stray "%") is
 * treated as absent: an unreadable session cookie means no session, never a failed request.
 */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header, { decode: decodeOrDrop })[name] || undefined;
}

function decodeOrDrop(value: string) {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
