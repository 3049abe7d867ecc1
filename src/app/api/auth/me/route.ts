// GET /api/auth/me – the signed-in user
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ user }, { headers: { "Cache-Control": "no-store" } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
