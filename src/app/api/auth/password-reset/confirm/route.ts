// POST /api/auth/password-reset/confirm – set a new password with a reset link's token; every other session ends and this one begins
import { passwordResetConfirmSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/server/auth/reset-password";
import { signedInResponse } from "@/server/auth/session-response";
import { otherMethods } from "@/server/http/methods";
import { BODY_CAPS } from "@/server/http/read-body";
import { clientAddress } from "@/server/http/request-info";
import { publicRoute, readJson } from "@/server/http/route";

export const POST = publicRoute(async ({ request }) => {
  const input = passwordResetConfirmSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const result = await resetPassword({ input, address: clientAddress(request), userAgent: request.headers.get("user-agent") });
  return signedInResponse(request, result);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
