// POST /api/family/invitations/{id}/resend – whoever sent it, or an admin, sends it again with a new link
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { requestOrigin } from "@/server/http/request-info";
import { authenticatedRoute } from "@/server/http/route";
import { resendInvitation } from "@/server/invitations/resend-invitation";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) =>
  ok({ invitation: await resendInvitation({ viewer: user, id: params.id, origin: requestOrigin(request) }) }),
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
