// POST /api/account/delete/confirm – delete an account by the link emailed to an account without a password
import { accountDeletionConfirmSchema } from "@/lib/schemas/family-circle";
import { clearCookieHeader, SESSION_COOKIE } from "@/server/accounts/auth/session-cookies";
import { deleteAccountByToken } from "@/server/accounts/deletion/delete-account";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const { token } = accountDeletionConfirmSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const response = ok(await deleteAccountByToken({ token }));
  response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
