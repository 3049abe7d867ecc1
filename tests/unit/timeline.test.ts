import { describe, expect, it } from "vitest";
import { mergeTimeline } from "@/lib/family-book/timeline";

const memory = (id: string, memory_date: string) => ({ id, memory_date });
const submission = (id: string, created_at: string) => ({ id, created_at });

describe("the Family Book timeline", () => {
  it("merges memories and questionnaire submissions newest first", () => {
    const { entries, hasMore } = mergeTimeline({
      memories: [memory("m-2020", "2020-05-01"), memory("m-1985", "1985-07-14")],
      submissions: [submission("s-2024", "2024-01-02T10:00:00Z"), submission("s-2001", "2001-03-01T09:00:00Z")],
      memoriesComplete: true,
      submissionsComplete: true,
    });
    expect(entries.map((entry) => entry.id)).toEqual(["s-2024", "m-2020", "s-2001", "m-1985"]);
    expect(entries.map((entry) => entry.kind)).toEqual(["questionnaire", "memory", "questionnaire", "memory"]);
    expect(hasMore).toBe(false);
  });

  it("holds back items that an unfinished feed could still precede", () => {
    const result = mergeTimeline({
      memories: [memory("m-2020", "2020-05-01"), memory("m-2010", "2010-01-01")],
      submissions: [submission("s-2015", "2015-06-01T00:00:00Z"), submission("s-1990", "1990-01-01T00:00:00Z")],
      memoriesComplete: false,
      submissionsComplete: true,
    });
    // Older memories may still come before the 1990 answers, so those wait.
    expect(result.entries.map((entry) => entry.id)).toEqual(["m-2020", "s-2015", "m-2010"]);
    expect(result.hasMore).toBe(true);
    expect(result.limitedBy).toBe("memories");
  });

  it("names the feed to load next when both have more", () => {
    const result = mergeTimeline({
      memories: [memory("m-2020", "2020-05-01")],
      submissions: [submission("s-2022", "2022-01-01T00:00:00Z")],
      memoriesComplete: false,
      submissionsComplete: false,
    });
    expect(result.entries.map((entry) => entry.id)).toEqual(["s-2022"]);
    expect(result.limitedBy).toBe("submissions");
  });

  it("is empty when nothing was shared", () => {
    expect(mergeTimeline({ memories: [], submissions: [], memoriesComplete: true, submissionsComplete: true }).entries).toEqual([]);
  });
});
