import { format, parseISO } from "date-fns";

// SPEC §9: long dates on cards, short dates on submission tabs, "MMM d, yyyy" on the timeline.
// Calendar dates (YYYY-MM-DD) are parsed as local dates so they never shift by a day.

function toDate(value: string | Date) {
  return typeof value === "string" ? parseISO(value) : value;
}

export const formatLongDate = (value: string | Date) => format(toDate(value), "MMMM d, yyyy");
export const formatShortDate = (value: string | Date) => format(toDate(value), "M/d/yyyy");
export const formatTimelineDate = (value: string | Date) => format(toDate(value), "MMM d, yyyy");
