import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { ONLY_RECIPIENT_OR_ORGANISER, PLAN_NOT_FOUND, PLAN_STOPPED, type ChangeWeeklyPlanValues } from "@/lib/schemas/weekly-questions";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getWeeklyPlan, manageablePlansWhere } from "./list-weekly-plans";
import { nextSendAt } from "./send-times";
import type { WeeklyPlanDto } from "./weekly-plan-dto";

/**
 * Pause, resume or stop (docs/product.md §13): the recipient, or whoever set the plan up. Paused,
 * nothing is due; resumed, the next question is due at the next chosen weekday and hour from now
 * (weeks missed while paused are not made up); stopped is final. Whether answers are shared with
 * the family changes on a running plan too, for the answers to come (the storyteller still chooses
 * for each answer as they give it).
 */
export async function changeWeeklyPlan({ viewer, id, input }: { viewer: UserDto; id: string; input: ChangeWeeklyPlanValues }): Promise<WeeklyPlanDto> {
  const prisma = await getDb();
  // Anyone else in the family may not change it, and learns nothing more than another family would.
  const family = viewer.family_id && UUID_PATTERN.test(id) ? { id, family_id: viewer.family_id } : null;
  const plan =
    family &&
    (await prisma.weeklyQuestionPlan.findFirst({
      where: family,
      select: { id: true, status: true, recipient_id: true, created_by_id: true, time_zone: true, weekday: true, hour: true },
    }));
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  const manageable = manageablePlansWhere(viewer)!;
  if (plan.recipient_id !== viewer.id && plan.created_by_id !== viewer.id) throw new AppError("FORBIDDEN", ONLY_RECIPIENT_OR_ORGANISER);
  if (plan.status === "stopped") throw new AppError("CONFLICT", PLAN_STOPPED);

  const status = input.status ?? plan.status;
  const next =
    input.status === undefined
      ? undefined
      : status === "active"
        ? plan.status === "active"
          ? undefined
          : nextSendAt({ timeZone: plan.time_zone, weekday: plan.weekday, hour: plan.hour }, now())
        : null;
  // The state it was read in: a change made meanwhile (a stop) is not undone.
  const { count } = await prisma.weeklyQuestionPlan.updateMany({
    where: { AND: [manageable, { id, status: plan.status }] },
    data: {
      status,
      ...(next === undefined ? {} : { next_send_at: next }),
      ...(input.share_by_default === undefined ? {} : { share_by_default: input.share_by_default }),
    },
  });
  if (count === 0) throw new AppError("CONFLICT", "These weekly questions were changed meanwhile. Please reload the page.");
  return getWeeklyPlan({ id });
}
