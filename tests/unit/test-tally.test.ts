import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { failedPlaywright, failedVitest, sumTallies, tallyLine, tallyPlaywright, tallyStage, tallyVitest } from "../../scripts/lib/test-tally.mjs";

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

  it("names the tests that failed, so a red run says which ones", () => {
    const vitest = report("named.json", {
      testResults: [
        {
          name: `${process.cwd()}/tests/api/a.test.ts`,
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "works" },
            { status: "failed", fullName: "memories refuses a sixth photo" },
          ],
        },
        { name: `${process.cwd()}/tests/api/b.test.ts`, status: "failed", message: "Cannot find module 'x'\nat …", assertionResults: [] },
        { name: `${process.cwd()}/tests/api/c.test.ts`, status: "passed", assertionResults: [{ status: "passed", fullName: "fine" }] },
      ],
    });
    expect(failedVitest(vitest)).toEqual([
      "tests/api/a.test.ts › memories refuses a sixth photo",
      "tests/api/b.test.ts (the file failed: Cannot find module 'x')",
    ]);
    const playwright = report("named-p.json", {
      suites: [
        {
          title: "memories.spec.ts",
          specs: [],
          suites: [
            {
              title: "Add Memory",
              specs: [
                {
                  file: "memories.spec.ts",
                  title: "saves a photo",
                  tests: [
                    { status: "expected", projectName: "desktop" },
                    { status: "unexpected", projectName: "mobile" },
                  ],
                },
                { file: "memories.spec.ts", title: "flaky but passed", tests: [{ status: "flaky", projectName: "desktop" }] },
              ],
            },
          ],
        },
      ],
    });
    expect(failedPlaywright(playwright)).toEqual(["memories.spec.ts › Add Memory › saves a photo [mobile]"]);
    expect(failedVitest(path.join(directory, "missing.json"))).toEqual([]);
  });

  it("counts a whole stage as one check", () => {
    expect(tallyStage(0)).toEqual({ passed: 1, failed: 0 });
    expect(tallyStage(2)).toEqual({ passed: 0, failed: 1 });
  });

  it("ends with the sum of every runner on one plain line", () => {
    expect(tallyLine(sumTallies([{ passed: 10, failed: 0 }, { passed: 3, failed: 1 }, tallyStage(0)]))).toBe("14 passed, 1 failed");
  });
});
