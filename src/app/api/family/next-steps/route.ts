// GET /api/family/next-steps – the dashboard's first steps and which of them the caller has taken
import { getNextSteps } from "@/server/family/dashboard/get-next-steps";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ next_steps: await getNextSteps({ viewer: user }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
