// POST /api/auth/register – create an account, starting a family or joining one by its invite id
import { registerSchema } from "@/lib/schemas/auth";
import { registerUser } from "@/server/accounts/auth/register-user";
import { registrationRules } from "@/server/accounts/auth/registration-limits";
import { signedInResponse } from "@/server/accounts/auth/session-response";
import { otherMethods } from "@/server/platform/http/methods";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { clientAddress, requestOrigin } from "@/server/platform/http/request-info";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const body = await readJson(request, { maxBytes: BODY_CAPS.credentials });
  const address = clientAddress(request);
  // Every attempt counts, valid or not, before the (slow) password rule is judged.
  await countAndLimit(registrationRules.attemptsByAddress, address);
  const input = await registerSchema.parseAsync(body);
  const result = await registerUser({ input, address, origin: requestOrigin(request), userAgent: request.headers.get("user-agent") });
  return signedInResponse(request, result, 201);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
