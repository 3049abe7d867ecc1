// GET /api/profiles/family-members – everyone in the signed-in user's family
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ familyMembers: await listFamilyMembers({ viewer: user }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
