import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ON_THIS_DAY_LIMIT } from "@/lib/schemas/on-this-day";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { visibleToSql } from "./memory-visibility";
import { readMemories } from "./read-memories";

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The calendar days (MM-DD) that `today` (YYYY-MM-DD) remembers: its own, and on 28 February of a
 * year without a 29th, the 29th as well, so that a leap-day memory still comes round every year.
 */
export function daysRemembered(today: string) {
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  return monthDay === "02-28" && !isLeapYear(year) ? ["02-28", "02-29"] : [monthDay];
}

/**
 * "On this day" on the dashboard (docs/product.md): the memories the viewer may see (their own,
 * and what their family shared) whose date falls on today's month and day in an earlier year,
 * newest year first, at most ON_THIS_DAY_LIMIT. `today` is the viewer's own date, YYYY-MM-DD.
 */
export async function listMemoriesOnThisDay({ viewer, today }: { viewer: UserDto; today: string }) {
  const days = daysRemembered(today);
  const scope = Prisma.sql`${visibleToSql(viewer)}
    AND m.memory_date < ${`${today.slice(0, 4)}-01-01`}::date
    AND to_char(m.memory_date, 'MM-DD') IN (${Prisma.join(days)})`;
  const { memories } = await readMemories({ scope, limit: ON_THIS_DAY_LIMIT });
  return { memories };
}
