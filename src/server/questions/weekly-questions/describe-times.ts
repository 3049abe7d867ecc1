import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { WEEKDAYS } from "@/lib/schemas/weekly-questions";

// Weekly questions' times in words, in the recipient's time zone, written on the server so that
// the pages that show them carry no date library.

/** "Sundays at 10:00". */
export function describeWeeklyTime({ weekday, hour }: { weekday: number; hour: number }) {
  return `${WEEKDAYS[weekday - 1]}s at ${String(hour).padStart(2, "0")}:00`;
}

/** "Sunday 28 November at 10:00". */
export function describeInstant(instant: string | Date, timeZone: string) {
  return format(new TZDate(new Date(instant).getTime(), timeZone), "EEEE d MMMM 'at' HH:mm");
}

/** "28 November". */
export function describeDay(instant: string | Date, timeZone: string) {
  return format(new TZDate(new Date(instant).getTime(), timeZone), "d MMMM");
}
