// DELETE /api/family/invitations/{id} – whoever sent it, or an admin, revokes an invitation: its link stops working
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { revokeInvitation } from "@/server/invitations/revoke-invitation";

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ invitation: await revokeInvitation({ viewer: user, id: params.id }) }),
);

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
