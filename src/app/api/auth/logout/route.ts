// POST /api/auth/logout – end this session everywhere at once; succeeds even when already signed out
import { clearCookieHeader, SESSION_COOKIE } from "@/server/auth/session-cookies";
import { revokeSession } from "@/server/auth/sessions";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { cameOverHttps } from "@/server/http/request-info";
import { publicRoute } from "@/server/http/route";

export const POST = publicRoute(async ({ request, session }) => {
  if (session) await revokeSession(session.sessionId);
  const response = ok(null);
  response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
