// POST /api/auth/logout – end this session everywhere at once; succeeds even when already signed out
import { clearCookieHeader, SESSION_COOKIE } from "@/server/accounts/auth/session-cookies";
import { revokeSession } from "@/server/accounts/auth/sessions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { publicRoute } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request, session }) => {
  if (session) await revokeSession(session.sessionId);
  const response = ok(null);
  response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
