// GET    /api/family/invite – the family's invite link, for any member
// POST   /api/family/invite – an admin issues a new link; the old one stops working
// DELETE /api/family/invite – an admin closes the link; nobody can join until a new one is issued
import { newInviteSchema } from "@/lib/schemas/invites";
import { closeFamilyInvite } from "@/server/family/invite-links/close-family-invite";
import { getFamilyInvite } from "@/server/family/invite-links/get-family-invite";
import { replaceFamilyInvite } from "@/server/family/invite-links/replace-family-invite";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute } from "@/server/platform/http/route";
import { readOptionalJson } from "@/server/questions/questionnaires/read-optional-json";

export const GET = authenticatedRoute(async ({ request, user }) => ok(await getFamilyInvite({ viewer: user, origin: requestOrigin(request) })));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = newInviteSchema.parse(await readOptionalJson(request));
  return ok(await replaceFamilyInvite({ viewer: user, input, origin: requestOrigin(request) }), { status: 201 });
});

export const DELETE = authenticatedRoute(async ({ request, user }) => ok(await closeFamilyInvite({ viewer: user, origin: requestOrigin(request) })));

export const { PUT, PATCH, OPTIONS } = otherMethods("GET", "POST", "DELETE");
