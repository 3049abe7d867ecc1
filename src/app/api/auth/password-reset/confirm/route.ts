// POST /api/auth/password-reset/confirm – set a new password with a reset link's token; every other session ends and this one begins
import { passwordResetConfirmSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/server/accounts/auth/reset-password";
import { signedInResponse } from "@/server/accounts/auth/session-response";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { clientAddress } from "@/server/platform/http/request-info";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const input = passwordResetConfirmSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const result = await resetPassword({ input, address: clientAddress(request), userAgent: request.headers.get("user-agent") });
  return signedInResponse(request, result);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
