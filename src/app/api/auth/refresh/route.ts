// POST /api/auth/refresh – a new token for this session; the old one stops working
import { sessionCookieHeader } from "@/server/accounts/auth/session-cookies";
import { rotateSession } from "@/server/accounts/auth/sessions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { authenticatedRoute } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, session, user, via }) => {
  const { token, expiresAt } = await rotateSession(session, request.headers.get("user-agent"));
  const response = ok({ token, user, expires_at: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
  if (via === "cookie") response.headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
