// POST /api/family/invitations/{id}/resend – whoever sent it, or an admin, sends it again with a new link
import { resendInvitation } from "@/server/family/email-invitations/resend-invitation";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute } from "@/server/platform/http/route";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) =>
  ok({ invitation: await resendInvitation({ viewer: user, id: params.id, origin: requestOrigin(request) }) }),
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
