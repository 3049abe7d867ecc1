// GET  /api/weekly-questions – the weekly questions a member gets or set up, in their family
// POST /api/weekly-questions – a member starts weekly questions for themselves or for a relative
import { newWeeklyPlanSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { listWeeklyPlans } from "@/server/questions/weekly-questions/list-weekly-plans";
import { startWeeklyPlan } from "@/server/questions/weekly-questions/start-weekly-plan";

export const GET = authenticatedRoute(async ({ user }) => ok(await listWeeklyPlans({ viewer: user })));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = newWeeklyPlanSchema.parse(await readJson(request));
  return ok({ plan: await startWeeklyPlan({ viewer: user, input, origin: requestOrigin(request) }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
