import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseByteRange } from "@/server/platform/http/byte-range";

// The Range header a player sends to start a recording in the middle (RFC 9110 §14.1.2).

describe("the one byte range a download is asked for", () => {
  it("reads the three forms: from-to, from onwards, and the last n bytes", () => {
    expect(parseByteRange("bytes=0-499", 10_000)).toEqual({ start: 0, end: 499 });
    expect(parseByteRange("bytes=9500-", 10_000)).toEqual({ start: 9500, end: 9999 });
    expect(parseByteRange("bytes=-500", 10_000)).toEqual({ start: 9500, end: 9999 });
    // What Chrome's media player sends first: everything, as a range.
    expect(parseByteRange("bytes=0-", 10_000)).toEqual({ start: 0, end: 9999 });
  });

  it("ends a range that runs past the end at the last byte, and a suffix longer than the object at the first", () => {
    expect(parseByteRange("bytes=9000-20000", 10_000)).toEqual({ start: 9000, end: 9999 });
    expect(parseByteRange("bytes=-20000", 10_000)).toEqual({ start: 0, end: 9999 });
  });

  it("answers 'unsatisfiable' only for a range wholly past the end (416)", () => {
    expect(parseByteRange("bytes=10000-", 10_000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=10000-10100", 10_000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 10_000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=0-", 0)).toBe("unsatisfiable");
  });

  it("sends the whole object for no header, another unit, a malformed or backwards range, or several ranges", () => {
    for (const header of [
      null,
      "",
      "items=0-5",
      "bytes=5-1",
      "bytes=-",
      "bytes=a-b",
      "bytes=0-1,5-9",
      "bytes=1e3-",
      "bytes=0x10-",
      "bytes=1234567890123456-",
    ]) {
      expect(parseByteRange(header, 10_000)).toBeNull();
    }
  });

  it("whatever the header, answers the whole, 'unsatisfiable', or a range inside the object", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^bytes ?= ?\d{0,17}-\d{0,17}$/)), fc.nat({ max: 2 ** 40 }), (header, size) => {
        const range = parseByteRange(header, size);
        if (range === null || range === "unsatisfiable") return;
        expect(Number.isInteger(range.start) && Number.isInteger(range.end)).toBe(true);
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeGreaterThanOrEqual(range.start);
        expect(range.end).toBeLessThan(size);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives back exactly the range asked for when it lies inside the object", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), (a, b, extra) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        expect(parseByteRange(`bytes=${start}-${end}`, end + 1 + extra)).toEqual({ start, end });
      }),
    );
  });
});
