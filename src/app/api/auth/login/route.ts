// POST /api/auth/login – exchange email and password for a session
import { loginSchema } from "@/lib/schemas/auth";
import { logIn } from "@/server/accounts/auth/log-in";
import { signedInResponse } from "@/server/accounts/auth/session-response";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { clientAddress } from "@/server/platform/http/request-info";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const input = loginSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  const result = await logIn({ input, address: clientAddress(request), userAgent: request.headers.get("user-agent") });
  return signedInResponse(request, result);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
