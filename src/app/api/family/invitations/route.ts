// GET  /api/family/invitations – the family's invitations by email still waiting, for any member
// POST /api/family/invitations – a member invites a relative by email (first name, email, a note)
import { newInvitationSchema } from "@/lib/schemas/invitations";
import { listInvitations } from "@/server/family/email-invitations/list-invitations";
import { sendInvitation } from "@/server/family/email-invitations/send-invitation";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok(await listInvitations({ viewer: user })));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = newInvitationSchema.parse(await readJson(request));
  return ok({ invitation: await sendInvitation({ viewer: user, input, origin: requestOrigin(request) }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
