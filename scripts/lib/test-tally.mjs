// How many tests passed and failed, read from the runners' own JSON reports, so that `npm test` and
// .ci/run can end with one line, "N passed, N failed", that adds up every runner. A runner that
// exits non-zero without a failed test in its report (a file that would not load, a crash, a stage
// of .ci/run that is not a test runner) counts as one failure, so a red run never reads "0 failed".
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/** @typedef {{ passed: number, failed: number }} Tally */

/** @param {Tally} tally @param {number} exitCode @returns {Tally} */
function withExitCode(tally, exitCode) {
  return exitCode !== 0 && tally.failed === 0 ? { passed: tally.passed, failed: 1 } : tally;
}

/** @param {string} file */
function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  } catch {
    return null;
  }
}

/** Vitest's json reporter (`--reporter=json --outputFile.json=…`). @param {string} file @param {number} exitCode @returns {Tally} */
export function tallyVitest(file, exitCode) {
  const report = readJson(file);
  const tally = report ? { passed: Number(report.numPassedTests ?? 0), failed: Number(report.numFailedTests ?? 0) } : { passed: 0, failed: 0 };
  return withExitCode(tally, exitCode);
}

/** Playwright's json reporter: flaky tests passed on a retry and count as passed. @param {string} file @param {number} exitCode @returns {Tally} */
export function tallyPlaywright(file, exitCode) {
  const stats = readJson(file)?.stats;
  const tally = stats ? { passed: Number(stats.expected ?? 0) + Number(stats.flaky ?? 0), failed: Number(stats.unexpected ?? 0) } : { passed: 0, failed: 0 };
  return withExitCode(tally, exitCode);
}

/** The names of the tests a Vitest JSON report failed ("file › test"). @param {string} file @returns {string[]} */
export function failedVitest(file) {
  const results = readJson(file)?.testResults;
  if (!Array.isArray(results)) return [];
  return results.flatMap((result) => {
    const where = String(result.name ?? "").replace(`${process.cwd()}/`, "");
    const failed = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0 && result.status === "failed") return [`${where} (the file failed: ${String(result.message ?? "").split("\n")[0]})`];
    return failed.map((test) => `${where} › ${test.fullName ?? test.title}`);
  });
}

/** The names of the tests a Playwright JSON report failed ("file › title [project]"). @param {string} file @returns {string[]} */
export function failedPlaywright(file) {
  /** @type {string[]} */
  const names = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title && !String(suite.title).endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") names.push(`${spec.file} › ${[...here, spec.title].join(" › ")} [${test.projectName}]`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of readJson(file)?.suites ?? []) walk(suite, []);
  return names;
}

/** A stage that is one check as a whole (a script's scenario, the type check). @param {number} exitCode @returns {Tally} */
export function tallyStage(exitCode) {
  return exitCode === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/** @param {Tally[]} tallies @returns {Tally} */
export function sumTallies(tallies) {
  return tallies.reduce((sum, tally) => ({ passed: sum.passed + tally.passed, failed: sum.failed + tally.failed }), { passed: 0, failed: 0 });
}

/** @param {Tally} tally */
export const tallyLine = (tally) => `${tally.passed} passed, ${tally.failed} failed`;

/**
 * Adds a runner's tally to the file named by TEST_TALLY_FILE (one JSON line each), where .ci/run
 * sums them, with the names of the tests that failed; without it, nothing is written.
 * @param {string} runner @param {Tally} tally @param {string[]} [failures]
 */
export function recordTally(runner, tally, failures = []) {
  const file = process.env.TEST_TALLY_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ runner, ...tally, failures })}\n`);
}

/** The tallies recorded in a TEST_TALLY_FILE. @param {string} file @returns {(Tally & { runner: string, failures?: string[] })[]} */
export function readTallies(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}
