// GET /api/profiles/{id} – a relative's profile; anyone outside the family is not found
import { getFamilyProfile } from "@/server/families/get-family-profile";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ profile: await getFamilyProfile({ viewer: user, profileId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
