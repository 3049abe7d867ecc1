// GET /api/invites/{code} – whose family an invite is for and who sent it, before anyone accepts it
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { AppError } from "@/server/http/app-error";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { countAndLimit } from "@/server/http/rate-limit";
import { clientAddress } from "@/server/http/request-info";
import { publicRoute } from "@/server/http/route";
import { findOpenInvite } from "@/server/invites/find-open-invite";
import { inviteRules } from "@/server/invites/invite-limits";

export const GET = publicRoute<{ code: string }>(async ({ request, params }) => {
  await countAndLimit(inviteRules.lookupsByAddress, clientAddress(request));
  const invite = await findOpenInvite(params.code);
  if (!invite) throw new AppError("NOT_FOUND", INVALID_INVITE);
  return ok({ invite: { family_name: invite.family_name, invited_by: invite.invited_by } }, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
