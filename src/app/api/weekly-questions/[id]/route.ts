// PATCH /api/weekly-questions/{id} – the recipient or whoever set them up pauses, resumes or stops weekly questions
import { changeWeeklyPlanSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { changeWeeklyPlan } from "@/server/questions/weekly-questions/change-weekly-plan";

export const PATCH = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const input = changeWeeklyPlanSchema.parse(await readJson(request));
  return ok({ plan: await changeWeeklyPlan({ viewer: user, id: params.id, input }) });
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
