import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, formatTime, formatTimelineDate } from "@/lib/dates";

describe("dates as docs/product.md §9 shows them", () => {
  it("writes a long date on cards, a short one on submission tabs and MMM d, yyyy on the timeline", () => {
    expect(formatLongDate("2020-07-14")).toBe("July 14, 2020");
    expect(formatShortDate("2020-07-14")).toBe("7/14/2020");
    expect(formatTimelineDate("2012-09-03")).toBe("Sep 3, 2012");
  });

  it("keeps a calendar date on its own day at the turn of a year", () => {
    expect(formatLongDate("2021-01-01")).toBe("January 1, 2021");
    expect(formatTimelineDate("1999-12-31")).toBe("Dec 31, 1999");
  });

  it("gives the time of day, so that two things done on one day are told apart", () => {
    expect(formatTime(new Date(2026, 10, 23, 9, 5))).toBe("9:05 AM");
    expect(formatTime(new Date(2026, 10, 23, 15, 4).toISOString())).toBe("3:04 PM");
  });

  it("formats timestamps and Date values too", () => {
    expect(formatLongDate(new Date(2015, 4, 20, 12))).toBe("May 20, 2015");
    expect(formatShortDate(new Date(2015, 4, 20, 12).toISOString())).toBe("5/20/2015");
  });
});
