// POST /api/auth/email/confirm – follow a confirmation link: the address it was sent to is confirmed
import { confirmEmailSchema } from "@/lib/schemas/email-address";
import { confirmEmail } from "@/server/accounts/auth/email-verification";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { publicRoute, readJson } from "@/server/platform/http/route";

export const POST = publicRoute(async ({ request }) => {
  const { token } = confirmEmailSchema.parse(await readJson(request, { maxBytes: BODY_CAPS.credentials }));
  return ok(await confirmEmail({ token }));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
