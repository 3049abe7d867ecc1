// PUT /api/auth/email – the signed-in person changes their address (with their password); it waits for confirmation
import { changeEmailSchema } from "@/lib/schemas/email-address";
import { changeEmailAddress } from "@/server/accounts/auth/email-verification";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const PUT = authenticatedRoute(async ({ request, user }) => {
  const input = changeEmailSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  return ok(await changeEmailAddress({ viewer: user, input, origin: requestOrigin(request) }));
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
