// docs/product.md §9: long dates on cards, short dates on submission tabs, "MMM d, yyyy" on the timeline.
// Formatted by the platform (Intl), so pages that show dates carry no date library. A calendar
// date (YYYY-MM-DD) names a day, not an instant: it is formatted in UTC so it never shifts by a
// day, whatever the reader's time zone. A timestamp is shown in the local time zone.

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function formatter(options: Intl.DateTimeFormatOptions) {
  const calendar = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
  const local = new Intl.DateTimeFormat("en-US", options);
  return (value: string | Date) =>
    typeof value === "string" && CALENDAR_DATE.test(value) ? calendar.format(new Date(`${value}T00:00:00Z`)) : local.format(new Date(value));
}

/** "July 14, 2020" */
export const formatLongDate = formatter({ month: "long", day: "numeric", year: "numeric" });
/** "7/14/2020" */
export const formatShortDate = formatter({ month: "numeric", day: "numeric", year: "numeric" });
/** "3:04 PM", in the reader's time zone: tells apart two things done on one day. */
export const formatTime = (value: string | Date) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(new Date(value));
/** "Jul 14, 2020" */
export const formatTimelineDate = formatter({ month: "short", day: "numeric", year: "numeric" });

/** Today as YYYY-MM-DD on this device's calendar: the latest date the picker offers. */
export function localToday(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The days of the week, Monday first (the weekly questions' choice of day). */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/**
 * When something was written, as people say it: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago"; from a week on, the date ("July 14, 2020").
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()) {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(value).getTime()) / 1000));
  if (seconds < 60) return "just now";
  if (seconds >= 7 * 24 * 60 * 60) return formatLongDate(new Date(value));
  const [unit, size] = [...RELATIVE_STEPS].reverse().find(([, length]) => seconds >= length)!;
  return relative.format(-Math.floor(seconds / size), unit);
}
