import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { toWeeklyPlanDto, weeklyPlanSelect, type WeeklyPlanDto } from "./weekly-plan-dto";

/**
 * The weekly questions a member may see and change: the ones they get and the ones they set up,
 * in their family, while running (active or paused). At most one runs per person, so the list is
 * as long as the family and is not paged.
 */
export function manageablePlansWhere(viewer: Pick<UserDto, "id" | "family_id">): Prisma.WeeklyQuestionPlanWhereInput | null {
  if (!viewer.family_id) return null;
  return { family_id: viewer.family_id, OR: [{ recipient_id: viewer.id }, { created_by_id: viewer.id }] };
}

export async function listWeeklyPlans({ viewer }: { viewer: UserDto }): Promise<{ plans: WeeklyPlanDto[] }> {
  const where = manageablePlansWhere(viewer);
  if (!where) return { plans: [] };
  const prisma = await getDb();
  const rows = await prisma.weeklyQuestionPlan.findMany({
    where: { AND: [where, { status: { not: "stopped" } }] },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: weeklyPlanSelect,
  });
  const answered = await answeredCounts(rows.map((row) => row.id));
  return { plans: rows.map((row) => toWeeklyPlanDto(row, answered.get(row.id) ?? 0)) };
}

export async function getWeeklyPlan({ id }: { id: string }): Promise<WeeklyPlanDto> {
  const prisma = await getDb();
  const row = await prisma.weeklyQuestionPlan.findUniqueOrThrow({ where: { id }, select: weeklyPlanSelect });
  return toWeeklyPlanDto(row, (await answeredCounts([id])).get(id) ?? 0);
}

async function answeredCounts(planIds: string[]) {
  if (planIds.length === 0) return new Map<string, number>();
  const prisma = await getDb();
  const groups = await prisma.weeklyQuestionSend.groupBy({
    by: ["plan_id"],
    where: { plan_id: { in: planIds }, answered_at: { not: null } },
    _count: { _all: true },
  });
  return new Map(groups.map((group) => [group.plan_id, group._count._all]));
}
