// npm run test:faults: Family Book survives its database and its photo storage going away.
//
// 1. PostgreSQL: a throwaway cluster (initdb + pg_ctl on a spare loopback port in a temporary
//    folder; the machine's own PostgreSQL service is never touched) and the built app against it.
//    Under a steady load of reads and memory creations (a photo and a tag each) PostgreSQL is
//    stopped for a few seconds and started again. While it is down every request must answer
//    quickly with a 503 envelope and a clear message (no hang, no 500); within 5 s of it
//    accepting connections again requests must succeed, in the same app process; afterwards no
//    memory may be half-saved (every memory has its one photo, with its objects, and its tag).
// 2. Storage: the app on the S3 driver against s3rver. With s3rver stopped, creating a memory
//    with a photo fails with a clear 503 and leaves no memory behind; reading memories still
//    works; once s3rver is back, creating works again.
//
// Traffic stays on 127.0.0.1, every wait is bounded, and everything started here is stopped and
// every temporary folder removed, whatever happens. Exits 1 when any expectation failed.
//
// To add a fault: write an async function ({ checklist, cleanups, photo }) that starts what it
// needs through the harness (scripts/lib/), registers how to stop it with `cleanups`, and records
// each expectation with `checklist.section(name)`; then add it to FAULTS at the bottom.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { startApp } from "./lib/app-server.mjs";
import { createChecklist } from "./lib/checklist.mjs";
import { createCleanups } from "./lib/cleanups.mjs";
import { createThrowawayDatabase, withClient } from "./lib/databases.mjs";
import { startThrowawayCluster } from "./lib/postgres-cluster.mjs";
import { startS3Server } from "./lib/s3-server.mjs";

const DATABASE_MESSAGE = "Family Book cannot reach its database right now. Please try again in a moment.";
const STORAGE_MESSAGE = "Photo storage is unavailable right now. Please try again in a moment.";
/** A request that takes longer than this during an outage counts as a hang. */
const ANSWER_WITHIN_MS = 7_000;
/** Requests are abandoned after this, so a real hang cannot stall the test. */
const ABANDON_AFTER_MS = 20_000;
const RECOVER_WITHIN_MS = 5_000;
const OUTAGE_MS = 4_000;
const WORKERS = 4;
/** Whole-run limit: past it the test fails and cleans up. */
const RUN_LIMIT_MS = 10 * 60_000;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function note(text) {
  console.log(`        ${text}`);
}

function printLogTail(app, lines = 40) {
  console.log(`  --- last ${lines} lines from the ${app.label} ---`);
  for (const line of app.log.slice(-lines)) console.log(`  | ${line}`);
}

/** The built app with rate limits off, stopped at clean-up. */
async function appStoppedAtCleanup(cleanups, label, env) {
  const app = await startApp({ label: `${label} app`, env: { AUTH_SECRET: randomBytes(32).toString("base64url"), RATE_LIMIT_DISABLED: "true", ...env } });
  cleanups.add(() => app.stop());
  return app;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** One request, never thrown: { method, pathname, started, ended, duration, status (0: no answer), body, error, retryAfter }. */
/**
 * @param {{ url: string }} app
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, body?: BodyInit, json?: unknown }} [options]
 */
async function request(app, method, pathname, { token, body, json } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers["content-type"] = "application/json";
  const started = Date.now();
  const record = { method, pathname, started, ended: 0, status: 0, body: null, error: null, retryAfter: null };
  try {
    const response = await fetch(`${app.url}${pathname}`, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : body,
      signal: AbortSignal.timeout(ABANDON_AFTER_MS),
    });
    record.status = response.status;
    record.retryAfter = response.headers.get("retry-after");
    const text = await response.text();
    try {
      record.body = JSON.parse(text);
    } catch {
      record.body = text.slice(0, 300);
    }
  } catch (error) {
    record.error = error.name === "TimeoutError" ? `no answer within ${seconds(ABANDON_AFTER_MS)}` : error.message;
  }
  record.ended = Date.now();
  record.duration = record.ended - record.started;
  return record;
}

const isFailureEnvelope = (body) =>
  body !== null && typeof body === "object" && body.success === false && body.data === null && typeof body.error === "string" && body.error.length > 0;

/** Clear: says what is wrong in words, without internals (driver codes, stack frames, SQL). */
const leaksInternals = (message) => /prisma|ECONN|ETIMEDOUT|\bat \S+ \(|stack|select |insert |pg_|postgres:\/\/|s3rver|http:\/\/|socket/i.test(message);

const succeeded = (record) => record.status >= 200 && record.status < 300;

/**
 * @param {{ url: string }} app
 * @param {{ first: string, last: string, email: string, inviteCode?: string }} person
 */
async function register(app, { first, last, email, inviteCode }) {
  const record = await request(app, "POST", "/api/auth/register", {
    json: { first_name: first, last_name: last, email, password: "correct horse battery", family_id: inviteCode },
  });
  if (record.status !== 201) throw new Error(`Registering ${email} answered ${record.status}: ${JSON.stringify(record.body ?? record.error)}`);
  return { token: record.body.data.token, id: record.body.data.user.id, familyId: record.body.data.user.family_id };
}

async function registerFamily(app, size) {
  const tag = randomBytes(3).toString("hex");
  const first = await register(app, { first: "Ada", last: "Faulty", email: `ada-${tag}@example.com` });
  // Relatives join through the family's invite link, whose code its members read from the API.
  const invite = await request(app, "GET", "/api/family/invite", { token: first.token });
  if (invite.status !== 200) throw new Error(`Reading the invite link answered ${invite.status}: ${JSON.stringify(invite.body ?? invite.error)}`);
  const inviteCode = invite.body.data.invite.code;
  const family = [first];
  for (let index = 1; index < size; index += 1) {
    family.push(await register(app, { first: `Relative${index}`, last: "Faulty", email: `relative${index}-${tag}@example.com`, inviteCode }));
  }
  return family;
}

function makePhoto() {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function memoryForm(photo, title, taggedUserId) {
  const form = new FormData();
  form.set("title", title);
  form.set("content", `Written while the fault test runs: ${title}.`);
  form.set("memory_date", "2019-07-14");
  form.set("is_shared", "true");
  form.append("taggedUserIds", taggedUserId);
  form.append("photos", new Blob([photo], { type: "image/jpeg" }), `${title}.jpg`);
  return form;
}

function describeStatuses(records) {
  const counts = new Map();
  for (const record of records) {
    const key = record.status === 0 ? `no answer: ${record.error}` : String(record.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([status, count]) => `${count}× ${status}`).join(", ") || "none";
}

const maxDuration = (records) => records.reduce((max, record) => Math.max(max, record.duration), 0);

// ---------------------------------------------------------------------------------------------
// 1. PostgreSQL stops and starts again

/**
 * WORKERS loops, each alternating a read of memories and the creation of one with a photo and a
 * tag, until stop(). Every request is kept in `records` (the creations in `writes` too).
 */
function startSteadyLoad(app, family, photo) {
  const records = [];
  const writes = [];
  let stopping = false;
  let sequence = 0;
  const worker = async (index) => {
    while (!stopping) {
      const writer = family[(index + sequence) % family.length];
      const tagged = family[(family.indexOf(writer) + 1) % family.length];
      sequence += 1;
      if (sequence % 2 === 0) {
        records.push(await request(app, "GET", "/api/memories?limit=5", { token: writer.token }));
      } else {
        const title = `fault-memory-${sequence}`;
        const record = await request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm(photo, title, tagged.id) });
        record.title = title;
        records.push(record);
        writes.push(record);
      }
      await sleep(40);
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
  return {
    records,
    writes,
    /** The requests sent and answered between the two times. */
    between: (from, to) => records.filter((record) => record.started >= from && record.ended <= to),
    async stop() {
      stopping = true;
      await Promise.all(workers);
    },
  };
}

/** Stops PostgreSQL, keeps it down for OUTAGE_MS, starts it again; resolves to when each step happened. */
async function takePostgresDown(cluster) {
  const stopping = Date.now();
  await cluster.stop("fast");
  const down = Date.now();
  note(`PostgreSQL stopped (pg_ctl stop -m fast took ${seconds(down - stopping)}); keeping it down for ${seconds(OUTAGE_MS)}.`);
  await sleep(OUTAGE_MS);
  const starting = Date.now();
  await cluster.start();
  const up = Date.now();
  note(`PostgreSQL accepting connections again (pg_ctl start took ${seconds(up - starting)}).`);
  return { stopping, down, starting, up };
}

function checkAnswersDuringOutage(check, load, { stopping, down, starting }) {
  const outage = load.between(down, starting);
  const aroundStop = load.records.filter((r) => r.started < down && r.ended >= stopping);
  const inOutage = [...aroundStop, ...outage];
  check("Requests were made while PostgreSQL was down", outage.length >= 5, `${outage.length} requests`);
  const nonAnswers = inOutage.filter((r) => r.status === 0 || (r.status >= 500 && r.status !== 503));
  check("No 500 and no hang while PostgreSQL stops or is down", nonAnswers.length === 0, describeStatuses(inOutage));
  const unavailable = outage.filter((r) => r.status === 503);
  check("While PostgreSQL is down every request answers 503", outage.length > 0 && unavailable.length === outage.length, describeStatuses(outage));
  const badEnvelopes = inOutage.filter((r) => r.status === 503 && (!isFailureEnvelope(r.body) || leaksInternals(r.body.error)));
  const messages = [...new Set(inOutage.filter((r) => r.status === 503).map((r) => r.body?.error))];
  check(
    "Each 503 is a { success: false, data: null, error } envelope with a clear message",
    badEnvelopes.length === 0,
    messages.map((m) => JSON.stringify(m)).join("; "),
  );
  check("The message names the database", messages.length > 0 && messages.every((m) => m === DATABASE_MESSAGE));
  check(
    `Every answer during the outage came within ${seconds(ANSWER_WITHIN_MS)}`,
    inOutage.every((r) => r.status !== 0 && r.duration <= ANSWER_WITHIN_MS),
    `slowest ${seconds(maxDuration(inOutage))}`,
  );
  note(`Retry-After on 503s: ${[...new Set(inOutage.filter((r) => r.status === 503).map((r) => r.retryAfter))].join(", ")}`);
}

/** Keeps the load going for RECOVER_WITHIN_MS and a few seconds more, then checks the requests sent after PostgreSQL returned. */
async function checkRecovery(check, load, { up }, app, pid) {
  await sleep(RECOVER_WITHIN_MS + 4_000);
  const afterGrace = load.records.filter((r) => r.started >= up + RECOVER_WITHIN_MS && r.ended > 0);
  const firstSuccess = load.records.filter((r) => r.started >= up && succeeded(r)).sort((a, b) => a.ended - b.ended)[0];
  const lastFailure = load.records.filter((r) => r.started >= up && !succeeded(r)).sort((a, b) => b.ended - a.ended)[0];
  note(
    `First success ${firstSuccess ? seconds(firstSuccess.ended - up) : "never"} after PostgreSQL returned; ` +
      `last failure ${lastFailure ? `${seconds(lastFailure.ended - up)} after (${lastFailure.status || lastFailure.error})` : "none"}.`,
  );
  check(
    "Requests succeed again after PostgreSQL returns",
    Boolean(firstSuccess),
    firstSuccess ? `first success after ${seconds(firstSuccess.ended - up)}` : "",
  );
  check(
    `Every request from ${seconds(RECOVER_WITHIN_MS)} after PostgreSQL returned succeeds`,
    afterGrace.length > 0 && afterGrace.every(succeeded),
    describeStatuses(afterGrace),
  );
  check(
    "The same app process served throughout (no crash, no restart)",
    app.exited === null && app.child.pid === pid,
    app.exited ? `exited ${JSON.stringify(app.exited)}` : `pid ${pid}`,
  );
}

/** Reads PostgreSQL and the photo files directly: every memory whole, every acknowledged one there. */
async function checkNothingHalfSaved(check, { databaseUrl, dataDir, writes }) {
  const acknowledged = writes.filter((r) => r.status === 201);
  const refused = writes.filter((r) => r.status !== 201);
  note(`Memory creations: ${writes.length} attempted, ${acknowledged.length} acknowledged, ${refused.length} refused (${describeStatuses(refused)}).`);
  const rows = await withClient(databaseUrl, async (client) => {
    const memories = await client.query(
      `SELECT m.id, m.title,
              (SELECT count(*) FROM memory_photos p WHERE p.memory_id = m.id)::int AS photos,
              (SELECT count(*) FROM memory_tags t WHERE t.memory_id = m.id)::int AS tags
         FROM memories m`,
    );
    const photos = await client.query(`SELECT memory_id, original_key, display_key, thumbnail_key FROM memory_photos`);
    return { memories: memories.rows, photos: photos.rows };
  });
  const byId = new Map(rows.memories.map((row) => [row.id, row]));
  const halfSaved = rows.memories.filter((row) => row.photos !== 1 || row.tags !== 1);
  check(
    "No memory is half-saved: each has exactly its one photo and one tag",
    halfSaved.length === 0,
    halfSaved.length
      ? `${halfSaved.length} of ${rows.memories.length}: ${halfSaved
          .slice(0, 3)
          .map((r) => `${r.title} (${r.photos} photos, ${r.tags} tags)`)
          .join(", ")}`
      : `${rows.memories.length} memories checked`,
  );
  const lost = acknowledged.filter((r) => !byId.has(r.body?.data?.memory?.id));
  check("Every acknowledged memory is in the database", lost.length === 0, `${acknowledged.length - lost.length} of ${acknowledged.length}`);
  const titles = new Set(rows.memories.map((row) => row.title));
  const refusedButSaved = refused.filter((r) => titles.has(r.title));
  if (refusedButSaved.length)
    note(`${refusedButSaved.length} refused creation(s) had committed before the connection dropped (complete, just not acknowledged).`);
  const objectsRoot = path.join(dataDir, "objects");
  const missingObjects = rows.photos
    .flatMap((photo) => [photo.original_key, photo.display_key, photo.thumbnail_key])
    .filter((key) => !existsSync(path.join(objectsRoot, ...key.split("/"))));
  check(
    "Every photo row has its three objects in storage",
    missingObjects.length === 0,
    `${rows.photos.length * 3 - missingObjects.length} of ${rows.photos.length * 3}`,
  );
  const memoryFolders = existsSync(path.join(objectsRoot, "memories")) ? readdirSync(path.join(objectsRoot, "memories")) : [];
  const orphans = memoryFolders.filter(
    (id) =>
      !byId.has(id) &&
      readdirSync(path.join(objectsRoot, "memories", id), { recursive: true }).some((entry) => !entry.endsWith(".type") && entry.includes(".")),
  );
  note(`Photo objects left without a memory (failed creations that could not clean up): ${orphans.length}.`);
}

function checkNoUnexpectedErrors(check, app) {
  const unexpected = app.log.filter((line) => line.includes("unexpected error")).length;
  check("The app logged no unexpected (500) errors", unexpected === 0, `${unexpected} logged`);
}

async function postgresFault({ checklist, cleanups, photo }) {
  console.log("\n== PostgreSQL stops under load and comes back ==");
  const check = checklist.section("postgres");
  const cluster = await startThrowawayCluster();
  cleanups.add(() => cluster.remove());
  note(`Throwaway PostgreSQL ${cluster.version} cluster on 127.0.0.1:${cluster.port}.`);
  const { url: databaseUrl } = await createThrowawayDatabase(cluster.serverUrl, "faults");
  const dataDir = cleanups.temporaryFolder("family-book-faults-app-");
  const app = await appStoppedAtCleanup(cleanups, "PostgreSQL", { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const pid = app.child.pid;
  note(`App ready on ${app.url} (pid ${pid}).`);
  const family = await registerFamily(app, 5);

  const load = startSteadyLoad(app, family, photo);
  try {
    const loadStarted = Date.now();
    await sleep(3_000);
    const before = load.between(loadStarted, Date.now());
    check("Under load, before the outage, requests succeed", before.length > 0 && before.every(succeeded), describeStatuses(before));
    const times = await takePostgresDown(cluster);
    checkAnswersDuringOutage(check, load, times);
    await checkRecovery(check, load, times, app, pid);
  } finally {
    await load.stop();
  }
  await checkNothingHalfSaved(check, { databaseUrl, dataDir, writes: load.writes });
  checkNoUnexpectedErrors(check, app);
  if (check.anyFailed()) printLogTail(app);
}

// ---------------------------------------------------------------------------------------------
// 2. Photo storage (S3) stops

async function storageFault({ checklist, cleanups, photo }) {
  console.log("\n== Photo storage (S3) stops ==");
  const check = checklist.section("s3");
  const s3Directory = cleanups.temporaryFolder("family-book-faults-s3-");
  const startS3 = async (port) => {
    const s3 = await startS3Server({ bucket: "family-book-faults", port, directory: s3Directory });
    cleanups.add(() => s3.stop());
    return s3;
  };
  let s3 = await startS3(0);
  note(`s3rver on ${s3.endpoint}.`);
  const app = await appStoppedAtCleanup(cleanups, "S3", {
    DATA_DIR: cleanups.temporaryFolder("family-book-faults-s3app-"),
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  note(`App ready on ${app.url}.`);
  const [writer, relative] = await registerFamily(app, 2);
  const create = (title) => request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm(photo, title, relative.id) });
  const count = async () => {
    const record = await request(app, "GET", "/api/memories?limit=100", { token: writer.token });
    return { record, count: Array.isArray(record.body?.data?.memories) ? record.body.data.memories.length : null };
  };

  const first = await create("storage-up");
  check("With storage up, a memory with a photo is created", first.status === 201, `${first.status} in ${seconds(first.duration)}`);
  const baseline = await count();
  check("It is listed", baseline.count === 1, `${baseline.count} memories`);

  await s3.stop();
  note("s3rver stopped.");
  const refused = await create("storage-down");
  check(
    "With storage down, creating a memory with a photo answers 503",
    refused.status === 503,
    `${refused.status || refused.error} in ${seconds(refused.duration)}`,
  );
  check("It answers promptly", refused.status !== 0 && refused.duration <= ANSWER_WITHIN_MS, seconds(refused.duration));
  check(
    "The answer is an envelope with a clear storage message",
    isFailureEnvelope(refused.body) && refused.body.error === STORAGE_MESSAGE && !leaksInternals(refused.body.error),
    JSON.stringify(refused.body?.error ?? refused.body),
  );
  const during = await count();
  check("Reading memories still works while storage is down", during.record.status === 200, `${during.record.status} in ${seconds(during.record.duration)}`);
  check("The refused memory left no row", during.count === 1, `${during.count} memories`);

  s3 = await startS3(s3.port);
  note("s3rver started again on the same port.");
  const again = await create("storage-back");
  check("Once storage is back, creating works again", again.status === 201, `${again.status} in ${seconds(again.duration)}`);
  const after = await count();
  check("Exactly the two created memories are listed", after.count === 2, `${after.count} memories`);
  check("The same app process served throughout", app.exited === null, app.exited ? JSON.stringify(app.exited) : "");
  checkNoUnexpectedErrors(check, app);
  if (check.anyFailed()) printLogTail(app);
}

// ---------------------------------------------------------------------------------------------

/** The faults, in order; each gets { checklist, cleanups, photo }. */
const FAULTS = [
  { section: "postgres", run: postgresFault },
  { section: "s3", run: storageFault },
];

async function main() {
  const checklist = createChecklist();
  const cleanups = createCleanups();
  cleanups.runOnSignals((signal) => `\n${signal}: stopping everything the fault test started...`);
  const watchdog = setTimeout(() => {
    console.error(`\nThe fault test ran longer than ${seconds(RUN_LIMIT_MS)}; stopping.`);
    void cleanups.run().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  watchdog.unref();

  let crashed = null;
  const startedAt = Date.now();
  try {
    if (!buildIsCurrent()) build();
    console.log(`Fault test as ${userInfo().username}: PostgreSQL outage, then photo storage outage.`);
    const photo = await makePhoto();
    for (const fault of FAULTS) {
      try {
        await fault.run({ checklist, cleanups, photo });
      } catch (error) {
        crashed ??= error;
        checklist.section(fault.section)(`${fault.run.name} ran to the end`, false, error.message);
      }
    }
  } catch (error) {
    crashed = error;
    console.error(error);
  } finally {
    await cleanups.run();
  }

  const passed = checklist.report("Fault test", { crashed, elapsedMs: Date.now() - startedAt });
  process.exit(passed ? 0 : 1);
}

await main();
