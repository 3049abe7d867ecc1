// POST /api/auth/email/resend – the signed-in person asks for a new confirmation link
import { resendConfirmationEmail } from "@/server/accounts/auth/email-verification";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, user }) => ok(await resendConfirmationEmail({ viewer: user, origin: requestOrigin(request) })));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
