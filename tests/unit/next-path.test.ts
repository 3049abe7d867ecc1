import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath, signInHref } from "@/lib/next-path";

// The `next` parameter comes from anyone's link: only a path on this site is ever followed
// (docs/decisions/018-first-visit.md).

const ORIGIN = "https://family-book.example";

/** What a browser would open if sent to `path` from a page of this site. */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/register?tab=login`);

describe("safeNextPath", () => {
  it("keeps the paths of this site, with their query and fragment", () => {
    expect(safeNextPath("/memories/add")).toBe("/memories/add");
    expect(safeNextPath("/memories/edit/4aa276a6-6d1d-4d9f-8beb-b66a1f307094")).toBe("/memories/edit/4aa276a6-6d1d-4d9f-8beb-b66a1f307094");
    expect(safeNextPath("/family-book?tab=timeline&member=1#top")).toBe("/family-book?tab=timeline&member=1#top");
    expect(safeNextPath("/")).toBe("/");
    expect(safeNextPath("/a/../ask")).toBe("/ask");
  });

  it.each([
    ["another site", "https://evil.com"],
    ["another site without a scheme", "//evil.com"],
    ["three slashes", "///evil.com"],
    ["a backslash for a slash", "/\\evil.com"],
    ["a backslash first", "\\\\evil.com"],
    ["a backslash anywhere", "/memories\\add"],
    ["a scheme", "javascript:alert(1)"],
    ["a data address", "data:text/html,hi"],
    ["a relative path", "memories"],
    ["a tab between the slashes", "/\t/evil.com"],
    ["a line break between the slashes", "/\n/evil.com"],
    ["a null character", "/memories\u0000"],
    ["a space", "/ /evil.com"],
    ["encoded slashes", "/%2F%2Fevil.com"],
    ["an encoded slash after a slash", "/%2Fevil.com"],
    ["an encoded backslash", "/%5Cevil.com"],
    ["a doubly encoded slash", "/%252Fevil.com"],
    ["an encoded tab", "/%09/evil.com"],
    ["a broken escape", "/%E0%A4%A"],
    ["a dot segment hiding two slashes", "/.//evil.com"],
    ["an empty value", ""],
    ["a very long value", `/${"a".repeat(2000)}`],
  ])("refuses %s (%j)", (_name, value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 1, ["/ask"], { path: "/ask" }]) expect(safeNextPath(value)).toBeNull();
  });

  it("never lets anything through that would leave the site, whatever arrives", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "/\\",
      "%2F",
      "%2f",
      "%5C",
      "%5c",
      "%25",
      "%09",
      "\t",
      "\n",
      "\r",
      "\u0000",
      ".",
      "..",
      "./",
      "../",
      ":",
      "@",
      "?",
      "#",
      "evil.com",
      "https:",
      "http://",
      "javascript:",
      " ",
      "\u2028",
      "\ufeff",
      "%E0",
      "ask",
      "memories",
    );
    const crafted = fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join(""));
    const anything = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.webUrl(),
      fc.webPath(),
      crafted,
      crafted.map((rest) => `/${rest}`),
    );
    fc.assert(
      fc.property(anything, (value) => {
        const path = safeNextPath(value);
        if (path === null) return;
        expect(landsOn(path).origin).toBe(ORIGIN);
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        expect(path).not.toMatch(/[\\\u0000-\u0020\u007f]/);
        // What it returns is itself a safe path, unchanged.
        expect(safeNextPath(path)).toBe(path);
        // Decoded, it still cannot begin another address.
        expect(decodeURIComponent(path).startsWith("//")).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps every ordinary path of the site", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeNextPath(path)).toBe(path);
      }),
    );
  });
});

describe("signInHref", () => {
  it("names the page to come back to", () => {
    expect(signInHref("/memories/add")).toBe("/register?tab=login&next=%2Fmemories%2Fadd");
    expect(signInHref("/ask", "register")).toBe("/register?tab=register&next=%2Fask");
  });

  it("leaves out a path that is not safe, and the home page", () => {
    expect(signInHref("//evil.com")).toBe("/register?tab=login");
    expect(signInHref("/")).toBe("/register?tab=login");
  });
});
