import "server-only";
import { ok } from "@/server/http/envelope";
import { cameOverHttps } from "@/server/http/request-info";
import type { UserDto } from "@/server/users/user-dto";
import { clearCookieHeader, INVITE_COOKIE, sessionCookieHeader, SIGNED_OUT_COOKIE } from "./session-cookies";

/** The answer to a successful sign-in: the token and user (docs/product.md §7) and the browser's cookie. */
export function signedInResponse(request: Request, { user, token, expiresAt }: { user: UserDto; token: string; expiresAt: Date }, status = 200) {
  const context = { secure: cameOverHttps(request) };
  const response = ok({ token, user, expires_at: expiresAt.toISOString() }, { status });
  response.headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt, context));
  response.headers.append("Set-Cookie", clearCookieHeader(SIGNED_OUT_COOKIE, context));
  response.headers.append("Set-Cookie", clearCookieHeader(INVITE_COOKIE, context));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
