// .ci/run's last word: records one stage's result, or prints every runner's tally and their sum
// as the run's one plain closing line, "N passed, N failed".
//   node scripts/ci-tally.mjs stage <name> <exit code>   (a stage that is one check)
//   node scripts/ci-tally.mjs vitest <name> <report> <exit code>   (a Vitest run's JSON report)
//   node scripts/ci-tally.mjs total                      (the failed tests, each runner, then the sum)
import { failedVitest, readTallies, recordTally, sumTallies, tallyLine, tallyStage, tallyVitest } from "./lib/test-tally.mjs";

const [command, name, ...rest] = process.argv.slice(2);
const file = process.env.TEST_TALLY_FILE;
if (!file) throw new Error("TEST_TALLY_FILE is not set.");

if (command === "stage") {
  recordTally(name ?? "stage", tallyStage(Number(rest[0])));
} else if (command === "vitest") {
  recordTally(name ?? "vitest", tallyVitest(rest[0] ?? "", Number(rest[1])), failedVitest(rest[0] ?? ""));
} else if (command === "total") {
  const tallies = readTallies(file);
  const failures = tallies.flatMap((tally) => (tally.failures ?? []).map((failure) => `${tally.runner}: ${failure}`));
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
  console.log("");
  for (const tally of tallies) console.log(`  ${tally.runner.padEnd(60)} ${tallyLine(tally)}`);
  console.log(tallyLine(sumTallies(tallies)));
} else {
  throw new Error(`Unknown command ${command}: use stage, vitest or total.`);
}
