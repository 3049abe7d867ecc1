// POST /api/auth/refresh – a new token for this session; the old one stops working
import { sessionCookieHeader } from "@/server/auth/session-cookies";
import { rotateSession } from "@/server/auth/sessions";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { cameOverHttps } from "@/server/http/request-info";
import { authenticatedRoute } from "@/server/http/route";

export const POST = authenticatedRoute(async ({ request, session, user, via }) => {
  const { token, expiresAt } = await rotateSession(session, request.headers.get("user-agent"));
  const response = ok({ token, user, expires_at: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
  if (via === "cookie") response.headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
