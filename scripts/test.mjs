// npm test: the Vitest suites (unit and integration in process, then the server tests against
// the production build, which Vitest builds first when it is out of date), then the end-to-end
// tests (Playwright in Debian's Chromium) against the same build. Fails when any of them fails,
// and ends with one line adding up both runners: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { freePort } from "./lib/app-server.mjs";
import { failedPlaywright, failedVitest, recordTally, sumTallies, tallyLine, tallyPlaywright, tallyVitest } from "./lib/test-tally.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "family-book-test-reports-"));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const vitestReport = path.join(reports, "vitest.json");
const unitCode = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
const unit = tallyVitest(vitestReport, unitCode);
const unitFailures = failedVitest(vitestReport);

if (!buildIsCurrent()) build();
rmSync(path.join(root, ".e2e"), { recursive: true, force: true });
rmSync(path.join(root, "test-results"), { recursive: true, force: true });
const playwrightReport = path.join(reports, "playwright.json");
const endToEndCode = run(bin("playwright"), ["test"], { E2E_PORT: String(await freePort()), PLAYWRIGHT_JSON_REPORT: playwrightReport });
const endToEnd = tallyPlaywright(playwrightReport, endToEndCode);
const endToEndFailures = failedPlaywright(playwrightReport);
rmSync(reports, { recursive: true, force: true });

recordTally("npm test: Vitest (embedded database)", unit, unitFailures);
recordTally("npm test: Playwright (Chromium)", endToEnd, endToEndFailures);
const failures = [...unitFailures, ...endToEndFailures];
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
console.log(`\nUnit and integration tests: ${tallyLine(unit)}; end-to-end tests: ${tallyLine(endToEnd)}.`);
console.log(tallyLine(sumTallies([unit, endToEnd])));
process.exit(unitCode === 0 && endToEndCode === 0 ? 0 : 1);
