// DELETE /api/invites/remembered – forget the invite this browser arrived through ("Create my own family instead")
import { clearCookieHeader, INVITE_COOKIE } from "@/server/accounts/auth/session-cookies";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { publicRoute } from "@/server/platform/http/route";

export const DELETE = publicRoute(async ({ request }) => {
  const response = ok({ forgotten: true });
  response.headers.append("Set-Cookie", clearCookieHeader(INVITE_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
