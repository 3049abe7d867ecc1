// POST /api/auth/register – create an account, starting a family or joining one by its invite id
import { registerUser } from "@/server/auth/register-user";
import { signedInResponse } from "@/server/auth/session-response";
import { otherMethods } from "@/server/http/methods";
import { clientAddress } from "@/server/http/request-info";
import { BODY_CAPS } from "@/server/http/read-body";
import { publicRoute, readJson } from "@/server/http/route";

export const POST = publicRoute(async ({ request }) => {
  const result = await registerUser({
    input: await readJson(request, { maxBytes: BODY_CAPS.credentials }),
    address: clientAddress(request),
    userAgent: request.headers.get("user-agent"),
  });
  return signedInResponse(request, result, 201);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
