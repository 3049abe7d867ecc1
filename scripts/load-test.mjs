// npm run test:load: many families using Family Book at once, then a check that nothing was lost.
// Builds if needed, starts Family Book on a free loopback port as `npm start` does, with a fresh
// embedded PostgreSQL (or the production server on a throwaway database on the PostgreSQL server
// named by DATABASE_URL), registers the users (families of five), lets them write memories (some with photos through the browser's
// presigned upload path, some as multipart files), share and unshare them, answer questionnaires
// and read the feeds for a fixed time, then checks that every write acknowledged with success is
// in the database and that no refused write is. Fails on any 5xx, network error, lost or phantom
// write, or a write accepted or refused against the rules.
//
// Usage: node scripts/load-test.mjs [--quick] [--users N] [--duration S]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/load-test.mjs --quick
//
// Its parts, in scripts/load-test/: measured-client.mjs (every request timed and counted),
// seeded-random.mjs (LOAD_SEED repeats a run's choices), families.mjs (registering the users),
// scenarios.mjs (what a person does, and how often), verify.mjs (the database against what was
// acknowledged), report.mjs (the tables). The app and the database come from scripts/lib/.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { startApp, startWithStartScript } from "./lib/app-server.mjs";
import { createCleanups } from "./lib/cleanups.mjs";
import { createThrowawayDatabase } from "./lib/databases.mjs";
import { mapLimited } from "./lib/map-limited.mjs";
import { FAMILY_SIZE, registerFamilies } from "./load-test/families.mjs";
import { createMeasuredClient } from "./load-test/measured-client.mjs";
import { report } from "./load-test/report.mjs";
import { makePhotos, virtualUser } from "./load-test/scenarios.mjs";
import { createRandom } from "./load-test/seeded-random.mjs";
import { createFindings, verifyFamilyFeed, verifyMemories, verifySubmissions } from "./load-test/verify.mjs";

const REQUEST_TIMEOUT_MS = 60_000;

function readOptions() {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      users: { type: "string" },
      duration: { type: "string" },
    },
  });
  const userCount = Number(values.users ?? (values.quick ? 40 : 200));
  const durationSeconds = Number(values.duration ?? (values.quick ? 10 : 60));
  if (!Number.isInteger(userCount) || userCount < FAMILY_SIZE || !(durationSeconds > 0) || durationSeconds > 3600) {
    console.error("Usage: node scripts/load-test.mjs [--quick] [--users N (at least 5)] [--duration S (at most 3600)]");
    process.exit(2);
  }
  return {
    userCount,
    durationSeconds,
    seed: Number(process.env.LOAD_SEED ?? Date.now() % 2_147_483_647) || 1,
    postgresServerUrl: process.env.DATABASE_URL || "",
  };
}

/** Every user acts until the time is up; resolves to how long that took in seconds. */
async function runLoad(load, durationSeconds) {
  const started = performance.now();
  load.client.markLoadStart();
  const stopAt = Date.now() + durationSeconds * 1000;
  // Every request is bounded, so the users must be done shortly after the last one was sent.
  let watchdog;
  await Promise.race([
    Promise.all(load.users.map((user) => virtualUser(load, user, stopAt))),
    new Promise((_, reject) => {
      watchdog = setTimeout(
        () => reject(new Error("The virtual users did not finish: a request hung")),
        durationSeconds * 1000 + 2 * REQUEST_TIMEOUT_MS + 30_000,
      );
    }),
  ]).finally(() => clearTimeout(watchdog));
  return (performance.now() - started) / 1000;
}

async function verifyEveryWrite(load, findings) {
  await mapLimited(load.users, 8, async (user) => {
    await verifyMemories(load, findings, user);
    await verifySubmissions(load, findings, user);
  });
  const families = [...new Set(load.users.map((user) => user.family))];
  await mapLimited(families, 8, (members) => verifyFamilyFeed(load, findings, members));
}

/** The verdict: one line per kind of failure, followed by a few examples. */
function failuresOf({ client, findings, users, completed }) {
  const unexpected = users.flatMap((user) => user.unexpected);
  const acknowledgedWrites = users.reduce((sum, user) => sum + user.memories.size + user.submissionAttempts.filter((attempt) => attempt.id).length, 0);
  const examples = (lines, count) => lines.slice(0, count).map((line) => `  ${line}`);
  const failures = [];
  const serverErrors = client?.serverErrors ?? [];
  const networkErrors = client?.networkErrors ?? [];
  if (serverErrors.length) failures.push(`${serverErrors.length} 5xx responses`, ...examples(serverErrors, 10));
  if (networkErrors.length) failures.push(`${networkErrors.length} network errors`, ...examples(networkErrors, 10));
  if (findings.problems.length) failures.push(`${findings.problems.length} verification problems`, ...examples(findings.problems, 20));
  if (unexpected.length) failures.push(`${unexpected.length} sharing changes refused`, ...examples(unexpected, 10));
  if (completed && acknowledgedWrites === 0) failures.push("no write was acknowledged at all");
  if (!completed) failures.push("the run did not complete (see the error above)");
  return failures;
}

async function main() {
  const options = readOptions();
  if (!buildIsCurrent()) build();
  const random = createRandom(options.seed);
  const workDirectory = mkdtempSync(path.join(tmpdir(), "family-book-load-"));
  // Passable (not readable) by others: as root, the embedded PostgreSQL runs as the user "postgres"
  // and must reach the data folder inside.
  chmodSync(workDirectory, 0o711);
  const logFile = path.join(workDirectory, "server.log");
  const cleanups = createCleanups();
  cleanups.runOnSignals(() => "Interrupted: stopping the app.");
  const database = options.postgresServerUrl ? await createThrowawayDatabase(options.postgresServerUrl, "load") : null;
  if (database) cleanups.add(() => database.drop().catch((error) => console.error(`Could not drop ${database.name}:`, error.message)));
  const backend = database ? `PostgreSQL (throwaway database ${database.name})` : "the embedded PostgreSQL, through npm start's own start script";

  const users = [];
  const findings = createFindings();
  let client = null;
  let completed = true;
  let timedSeconds = 0;
  try {
    const photos = await makePhotos(random);
    console.log(`Starting the app on ${backend}...`);
    // With no server named, exactly what `npm start` runs: the start script and its embedded PostgreSQL.
    const app = await (database ? startApp : startWithStartScript)({
      logFile,
      env: {
        DATA_DIR: path.join(workDirectory, "data"),
        RATE_LIMIT_DISABLED: "true",
        ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString("hex") } : {}),
      },
    });
    cleanups.add(() => app.stop());
    client = createMeasuredClient({ baseUrl: app.url, timeoutMs: REQUEST_TIMEOUT_MS });
    const load = { client, random, users, photos };

    console.log(`Registering ${Math.floor(options.userCount / FAMILY_SIZE) * FAMILY_SIZE} users in families of ${FAMILY_SIZE}...`);
    users.push(...(await registerFamilies(client, options.userCount)));
    console.log(`Running the load for ${options.durationSeconds} s...`);
    timedSeconds = await runLoad(load, options.durationSeconds);
    console.log("Verifying every write...");
    await verifyEveryWrite(load, findings);
  } catch (error) {
    completed = false;
    console.error(error);
  } finally {
    await cleanups.run();
  }

  if (users.length)
    report({ backend, timedSeconds: timedSeconds || options.durationSeconds, seed: random.seed, users, stats: client.stats, verified: findings.verified });
  const failures = failuresOf({ client, findings, users, completed });
  if (failures.length) {
    console.error(`\nLoad test FAILED:\n${failures.join("\n")}`);
    try {
      const tail = readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
      console.error(`\nLast lines of the server log (${logFile}):\n${tail}`);
    } catch {
      // No log.
    }
    process.exit(1);
  }
  rmSync(workDirectory, { recursive: true, force: true });
  console.log("\nLoad test passed: no 5xx, no network errors, every acknowledged write found, no refused write stored.");
  process.exit(0);
}

await main();
