import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sumTallies, tallyLine, tallyPlaywright, tallyStage, tallyVitest } from "../../scripts/lib/test-tally.mjs";

// The closing line of `npm test` and .ci/run, "N passed, N failed", adds up the runners' own reports;
// a runner that failed without a failed test in its report still counts as a failure.

const directory = mkdtempSync(path.join(tmpdir(), "tally-"));
const report = (name: string, content: unknown) => {
  const file = path.join(directory, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

describe("the test tally", () => {
  it("reads Vitest's passed and failed tests", () => {
    expect(tallyVitest(report("v.json", { numPassedTests: 12, numFailedTests: 2 }), 1)).toEqual({ passed: 12, failed: 2 });
  });

  it("counts Playwright's flaky tests as passed and unexpected ones as failed", () => {
    expect(tallyPlaywright(report("p.json", { stats: { expected: 7, flaky: 1, unexpected: 3, skipped: 0 } }), 1)).toEqual({ passed: 8, failed: 3 });
  });

  it("counts a runner that exited with an error but reported no failed test as one failure", () => {
    expect(tallyVitest(report("crashed.json", { numPassedTests: 5, numFailedTests: 0 }), 1)).toEqual({ passed: 5, failed: 1 });
    expect(tallyPlaywright(path.join(directory, "missing.json"), 1)).toEqual({ passed: 0, failed: 1 });
  });

  it("counts a whole stage as one check", () => {
    expect(tallyStage(0)).toEqual({ passed: 1, failed: 0 });
    expect(tallyStage(2)).toEqual({ passed: 0, failed: 1 });
  });

  it("ends with the sum of every runner on one plain line", () => {
    expect(tallyLine(sumTallies([{ passed: 10, failed: 0 }, { passed: 3, failed: 1 }, tallyStage(0)]))).toBe("14 passed, 1 failed");
  });
});
