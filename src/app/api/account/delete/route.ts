// POST /api/account/delete – delete the signed-in account (password), or email a confirmation link (Google accounts)
import { accountDeletionSchema } from "@/lib/schemas/family-circle";
import { clearCookieHeader, SESSION_COOKIE } from "@/server/accounts/auth/session-cookies";
import { requestAccountDeletion } from "@/server/accounts/deletion/delete-account";
import { queueDeletionEmail } from "@/server/accounts/deletion/deletion-email";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { cameOverHttps, requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = accountDeletionSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const outcome = await requestAccountDeletion({
    viewer: user,
    keep: input.keep,
    password: input.password,
    sendLink: (token) => queueDeletionEmail({ user, token, origin: requestOrigin(request) }),
  });
  const response = ok(outcome);
  if (outcome.deleted) response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, { secure: cameOverHttps(request) }));
  return response;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
