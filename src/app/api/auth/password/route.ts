// PUT /api/auth/password – the signed-in person changes their password (with the current one); their other sessions end
import { changePasswordSchema } from "@/lib/schemas/auth";
import { changePassword } from "@/server/accounts/auth/change-password";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const PUT = authenticatedRoute(async ({ request, session }) => {
  const input = changePasswordSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  return ok(await changePassword({ session, input }));
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
