// POST /api/auth/password-reset – email a link to choose a new password, if an account uses the address; the same answer either way
import { passwordResetRequestSchema } from "@/lib/schemas/auth";
import { requestPasswordReset } from "@/server/accounts/auth/request-password-reset";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { clientAddress, requestOrigin } from "@/server/platform/http/request-info";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const input = passwordResetRequestSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  return ok(await requestPasswordReset({ input, address: clientAddress(request), origin: requestOrigin(request) }));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
