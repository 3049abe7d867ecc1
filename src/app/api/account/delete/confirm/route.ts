// POST /api/account/delete/confirm – delete an account by the link emailed to an account without a password
import { accountDeletionConfirmSchema } from "@/lib/schemas/family-circle";
import { deleteAccountByToken } from "@/server/account/delete-account";
import { clearCookieHeader, SESSION_COOKIE } from "@/server/auth/session-cookies";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { BODY_CAPS } from "@/server/http/read-body";
import { cameOverHttps } from "@/server/http/request-info";
import { publicRoute, readJson } from "@/server/http/route";

export const POST = publicRoute(async ({ request }) => {
  const { token } = accountDeletionConfirmSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const response = ok(await deleteAccountByToken({ token }));
  response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
