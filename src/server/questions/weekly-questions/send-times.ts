import { TZDate } from "@date-fns/tz";
import { addDays, addWeeks, getISODay, set } from "date-fns";

// When weekly questions are due, in the recipient's own time zone (docs/decisions/019-weekly-questions.md).
// All the arithmetic is done on TZDate, so "Sunday 10:00 in Chicago" stays 10:00 in Chicago across
// a daylight-saving change, and "four days later" means four days on the recipient's calendar.

export type SendTime = { timeZone: string; weekday: number; hour: number };

/** The first occurrence of the plan's local weekday and hour strictly after `after`. */
export function nextSendAt({ timeZone, weekday, hour }: SendTime, after: Date): Date {
  const local = new TZDate(after.getTime(), timeZone);
  const day = addDays(local, (weekday - getISODay(local) + 7) % 7);
  let candidate = set(day, { hours: hour, minutes: 0, seconds: 0, milliseconds: 0 });
  if (candidate.getTime() <= after.getTime()) candidate = set(addWeeks(day, 1), { hours: hour, minutes: 0, seconds: 0, milliseconds: 0 });
  return new Date(candidate.getTime());
}

/** When an unanswered question gets its one reminder: four days later on the recipient's calendar. */
export const REMINDER_AFTER_DAYS = 4;
export function reminderAt(sentAt: Date, timeZone: string): Date {
  return new Date(addDays(new TZDate(sentAt.getTime(), timeZone), REMINDER_AFTER_DAYS).getTime());
}

/** How long an answer link works. */
export const ANSWER_LINK_DAYS = 14;
export function linkExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + ANSWER_LINK_DAYS * 86_400_000);
}
