// POST /api/auth/register – create an account, starting a family or joining one by its invite id
import { registerSchema } from "@/lib/schemas/auth";
import { registerUser } from "@/server/auth/register-user";
import { registrationRules } from "@/server/auth/registration-limits";
import { signedInResponse } from "@/server/auth/session-response";
import { otherMethods } from "@/server/http/methods";
import { countAndLimit } from "@/server/http/rate-limit";
import { BODY_CAPS } from "@/server/http/read-body";
import { clientAddress, requestOrigin } from "@/server/http/request-info";
import { publicRoute, readJson } from "@/server/http/route";

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
