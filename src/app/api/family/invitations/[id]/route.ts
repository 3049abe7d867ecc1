// DELETE /api/family/invitations/{id} – whoever sent it, or an admin, revokes an invitation: its link stops working
import { revokeInvitation } from "@/server/family/email-invitations/revoke-invitation";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ invitation: await revokeInvitation({ viewer: user, id: params.id }) }),
);

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
