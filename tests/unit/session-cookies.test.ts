import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie } from "@/server/accounts/auth/session-cookies";

// The Cookie header is whatever the client sent: reading it never throws, and a value that does
// not decode counts as no cookie at all.

describe("reading one cookie from the Cookie header", () => {
  it("finds a cookie among others, decoding its value", () => {
    expect(readCookie("a=1; fb_session=abc%20def; b=2", "fb_session")).toBe("abc def");
    expect(readCookie("fb_session=token", "fb_session")).toBe("token");
  });

  it("answers undefined for a missing header, a missing cookie and an empty value", () => {
    expect(readCookie(null, "fb_session")).toBeUndefined();
    expect(readCookie("", "fb_session")).toBeUndefined();
    expect(readCookie("other=1", "fb_session")).toBeUndefined();
    expect(readCookie("fb_session=", "fb_session")).toBeUndefined();
  });

  it("treats a value that is not valid percent-encoding as no cookie", () => {
    expect(readCookie("fb_session=%E0%A4%A", "fb_session")).toBeUndefined();
    expect(readCookie("fb_session=%", "fb_session")).toBeUndefined();
    expect(readCookie("fb_session=%ZZ", "fb_session")).toBeUndefined();
  });

  it("still reads the other cookies of a header with one unreadable value", () => {
    expect(readCookie("fb_invite=%E0%A4%A; fb_session=token", "fb_session")).toBe("token");
  });

  it("never throws, whatever the header holds", () => {
    const name = fc.constantFrom("fb_session", "fb_invite", "x", " fb_session", "");
    // Values rich in "%", hex digits and separators, so broken escapes come up often.
    const value = fc.string({ unit: fc.constantFrom("%", "E", "0", "A", "a", "4", "f", "=", ";", " ", '"', "\\", "é", "\u{1F600}"), maxLength: 20 });
    const pairs = fc.array(
      fc.tuple(name, value).map(([key, text]) => `${key}=${text}`),
      { maxLength: 5 },
    );
    const header = fc.oneof(
      pairs.map((parts) => parts.join("; ")),
      fc.string({ unit: "binary", maxLength: 200 }),
    );
    fc.assert(
      fc.property(header, fc.constantFrom("fb_session", "fb_invite", "x"), (text, wanted) => {
        const found = readCookie(text, wanted);
        expect(found === undefined || (typeof found === "string" && found.length > 0)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("gives back any value that was percent-encoded, unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }), (value) => {
        expect(readCookie(`a=b; fb_session=${encodeURIComponent(value)}; c=d`, "fb_session")).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
