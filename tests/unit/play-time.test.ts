import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPlayTime, speakPlayTime } from "@/lib/play-time";

describe("a recording's time, as the player shows it", () => {
  it("is minutes and seconds, with hours only when it has them", () => {
    expect(formatPlayTime(0)).toBe("0:00");
    expect(formatPlayTime(5.9)).toBe("0:05");
    expect(formatPlayTime(754)).toBe("12:34");
    expect(formatPlayTime(1800)).toBe("30:00");
    expect(formatPlayTime(3723)).toBe("1:02:03");
  });

  it("is 0:00 for a time the browser does not know yet (NaN, infinity, below zero)", () => {
    expect(formatPlayTime(Number.NaN)).toBe("0:00");
    expect(formatPlayTime(Number.POSITIVE_INFINITY)).toBe("0:00");
    expect(formatPlayTime(-3)).toBe("0:00");
  });

  it("reads back as the whole seconds it was given", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 3600 }), (seconds) => {
        const fields = formatPlayTime(seconds).split(":").map(Number);
        expect(fields.reduce((total, field) => total * 60 + field, 0)).toBe(seconds);
      }),
    );
  });
});

describe("a recording's time, as a screen reader says it", () => {
  it("names each unit, singular or plural, and leaves out the empty ones", () => {
    expect(speakPlayTime(0)).toBe("0 seconds");
    expect(speakPlayTime(1)).toBe("1 second");
    expect(speakPlayTime(65)).toBe("1 minute 5 seconds");
    expect(speakPlayTime(120)).toBe("2 minutes");
    expect(speakPlayTime(3600)).toBe("1 hour");
    expect(speakPlayTime(3723.4)).toBe("1 hour 2 minutes 3 seconds");
  });
});
