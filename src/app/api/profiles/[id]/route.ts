// GET /api/profiles/{id} – a relative's profile; anyone outside the family is not found
import { getFamilyProfile } from "@/server/family/members/get-family-profile";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ profile: await getFamilyProfile({ viewer: user, profileId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
