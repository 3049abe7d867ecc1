// DELETE /api/invites/remembered – forget the invite this browser arrived through ("Create my own family instead")
import { clearCookieHeader, INVITE_COOKIE } from "@/server/auth/session-cookies";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { cameOverHttps } from "@/server/http/request-info";
import { publicRoute } from "@/server/http/route";

export const DELETE = publicRoute(async ({ request }) => {
  const response = ok({ forgotten: true });
  response.headers.append("Set-Cookie", clearCookieHeader(INVITE_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
