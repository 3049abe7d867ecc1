// GET /api/invites/{code} – whose family an invite is for and who sent it, before anyone accepts it
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";
import { inviteRules } from "@/server/family/invite-links/invite-limits";
import { AppError } from "@/server/platform/http/app-error";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { clientAddress } from "@/server/platform/http/request-info";
import { publicRoute } from "@/server/platform/http/route";

export const GET = publicRoute<{ code: string }>(async ({ request, params }) => {
  await countAndLimit(inviteRules.lookupsByAddress, clientAddress(request));
  const invite = await findOpenInvite(params.code);
  if (!invite) throw new AppError("NOT_FOUND", INVALID_INVITE);
  return ok({ invite: { family_name: invite.family_name, invited_by: invite.invited_by } }, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
