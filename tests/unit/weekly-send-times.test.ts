import { describe, expect, it } from "vitest";
import { isTimeZone } from "@/lib/schemas/weekly-questions";
import { linkExpiresAt, nextSendAt, reminderAt } from "@/server/questions/weekly-questions/send-times";

// When weekly questions are due (docs/decisions/019-weekly-questions.md): the recipient's local
// weekday and hour, across daylight-saving changes, in any time zone.

const weeks = (plan: Parameters<typeof nextSendAt>[0], from: string, count: number) => {
  const times: string[] = [];
  let after = new Date(from);
  for (let index = 0; index < count; index += 1) {
    after = nextSendAt(plan, after);
    times.push(after.toISOString());
  }
  return times;
};

describe("nextSendAt", () => {
  it("keeps Sunday 10:00 in London across the end of summer time (25 October 2026)", () => {
    expect(weeks({ timeZone: "Europe/London", weekday: 7, hour: 10 }, "2026-10-14T12:00:00Z", 3)).toEqual([
      "2026-10-18T09:00:00.000Z",
      "2026-10-25T10:00:00.000Z",
      "2026-11-01T10:00:00.000Z",
    ]);
  });

  it("keeps Sunday 10:00 in Chicago across the end of daylight time (1 November 2026)", () => {
    expect(weeks({ timeZone: "America/Chicago", weekday: 7, hour: 10 }, "2026-10-20T12:00:00Z", 3)).toEqual([
      "2026-10-25T15:00:00.000Z",
      "2026-11-01T16:00:00.000Z",
      "2026-11-08T16:00:00.000Z",
    ]);
  });

  it("takes the local day, not the UTC one: Monday 08:00 in Auckland is still Sunday in UTC", () => {
    expect(nextSendAt({ timeZone: "Pacific/Auckland", weekday: 1, hour: 8 }, new Date("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-22T19:00:00.000Z");
  });

  it("is strictly after: at the due time itself, the next one is a week later", () => {
    const plan = { timeZone: "UTC", weekday: 1, hour: 9 };
    expect(nextSendAt(plan, new Date("2026-11-23T09:00:00Z")).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    expect(nextSendAt(plan, new Date("2026-11-23T08:59:59Z")).toISOString()).toBe("2026-11-23T09:00:00.000Z");
  });

  it("moves an hour that does not exist on the day the clocks go forward to the first one that does", () => {
    // 8 March 2026, New York: 02:00 becomes 03:00.
    expect(nextSendAt({ timeZone: "America/New_York", weekday: 7, hour: 2 }, new Date("2026-03-05T00:00:00Z")).toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });
});

describe("reminderAt and linkExpiresAt", () => {
  it("reminds four days later on the recipient's calendar, the same local hour across the change", () => {
    // Sent Thursday 22 October 09:00 London (summer time); reminded Monday 26 October 09:00 (winter time).
    expect(reminderAt(new Date("2026-10-22T08:00:00Z"), "Europe/London").toISOString()).toBe("2026-10-26T09:00:00.000Z");
  });

  it("lets a link work for 14 days", () => {
    expect(linkExpiresAt(new Date("2026-11-01T10:00:00Z")).toISOString()).toBe("2026-11-15T10:00:00.000Z");
  });

  it("knows real time zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
