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
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { build, buildIsCurrent, serverEnvironmentDefaults, serverFile } from "./start.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const standalone = path.join(root, ".next", "standalone");
const require = createRequire(import.meta.url);

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

// ---------------------------------------------------------------------------------------------
// Report and cleanup

const results = [];
function expect(section, name, passed, detail = "") {
  results.push({ section, name, passed: Boolean(passed), detail });
  console.log(`  ${passed ? "ok  " : "FAIL"}  ${name}${detail ? ` (${detail})` : ""}`);
}
function note(text) {
  console.log(`        ${text}`);
}

const cleanups = [];
let cleaningUp;
function cleanUp() {
  cleaningUp ??= (async () => {
    while (cleanups.length) {
      const step = cleanups.pop();
      try {
        await step();
      } catch (error) {
        console.error(`Cleanup step failed: ${error.message}`);
      }
    }
  })();
  return cleaningUp;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything the fault test started...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function temporaryFolder(prefix) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion without blocking the event loop (the load keeps running). */
function run(command, args, { timeoutMs = 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: error.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

function cleanEnvironment(extra) {
  const environment = { ...process.env };
  for (const key of Object.keys(environment)) {
    if (/^(DATABASE_URL|DATABASE_POOL_SIZE|PGLITE_DIR|DATA_DIR|S3_|REDIS_URL|APP_URL|GOOGLE_|AUTH_SECRET|PORT$|HOSTNAME$)/.test(key)) {
      delete environment[key];
    }
  }
  return {
    ...serverEnvironmentDefaults,
    ...environment,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    HOSTNAME: "127.0.0.1",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    RATE_LIMIT_DISABLED: "true",
    ...extra,
  };
}

/** The standalone server on a free loopback port, resolved once it says it is ready. */
async function startApp(label, extraEnvironment) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverFile], {
    cwd: standalone,
    env: cleanEnvironment({ PORT: String(port), ...extraEnvironment }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const app = { label, port, url: `http://127.0.0.1:${port}`, child, log: [], exited: null };
  const remember = (chunk) => {
    for (const line of String(chunk).split("\n")) if (line.trim()) app.log.push(line);
    if (app.log.length > 2000) app.log.splice(0, app.log.length - 2000);
  };
  child.stdout.on("data", remember);
  child.stderr.on("data", remember);
  child.on("exit", (code, signal) => (app.exited = { code, signal }));
  cleanups.push(() => stopProcess(child));

  const deadline = Date.now() + 180_000;
  while (!app.log.some((line) => line.includes("Family Book is ready"))) {
    if (app.exited) throw new Error(`The ${label} app exited during start-up:\n${app.log.slice(-30).join("\n")}`);
    if (Date.now() > deadline) throw new Error(`The ${label} app was not ready within 180 s:\n${app.log.slice(-30).join("\n")}`);
    await sleep(200);
  }
  return app;
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  if (await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) return;
  child.kill("SIGKILL");
  await exited;
}

function printLogTail(app, lines = 40) {
  console.log(`  --- last ${lines} lines from the ${app.label} app ---`);
  for (const line of app.log.slice(-lines)) console.log(`  | ${line}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP

async function request(app, method, pathname, { token, body, json } = {}) {
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

async function register(app, { first, last, email, familyId }) {
  const record = await request(app, "POST", "/api/auth/register", {
    json: { first_name: first, last_name: last, email, password: "correct horse battery", family_id: familyId },
  });
  if (record.status !== 201) throw new Error(`Registering ${email} answered ${record.status}: ${JSON.stringify(record.body ?? record.error)}`);
  return { token: record.body.data.token, id: record.body.data.user.id, familyId: record.body.data.user.family_id };
}

async function registerFamily(app, size) {
  const tag = randomBytes(3).toString("hex");
  const first = await register(app, { first: "Ada", last: "Faulty", email: `ada-${tag}@example.com` });
  const family = [first];
  for (let index = 1; index < size; index += 1) {
    family.push(await register(app, { first: `Relative${index}`, last: "Faulty", email: `relative${index}-${tag}@example.com`, familyId: first.familyId }));
  }
  return family;
}

const photoBytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 120, b: 60 } } })
  .jpeg({ quality: 80 })
  .toBuffer();

function memoryForm(title, taggedUserId) {
  const form = new FormData();
  form.set("title", title);
  form.set("content", `Written while the fault test runs: ${title}.`);
  form.set("memory_date", "2019-07-14");
  form.set("is_shared", "true");
  form.append("taggedUserIds", taggedUserId);
  form.append("photos", new Blob([photoBytes], { type: "image/jpeg" }), `${title}.jpg`);
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

function findPostgresBinaries() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(path.join(base, version, "bin", "initdb")) && existsSync(path.join(base, version, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql).");
  const bin = path.join(base, versions[0], "bin");
  return { version: versions[0], initdb: path.join(bin, "initdb"), pgCtl: path.join(bin, "pg_ctl") };
}

/** initdb refuses to run as root: as root, the cluster belongs to the postgres system user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const groups = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (ids.status !== 0) throw new Error("Running as root, but there is no postgres system user to own the throwaway cluster.");
  return { uid: Number(ids.stdout.trim()), gid: Number(groups.stdout.trim()) };
}

async function startCluster() {
  const binaries = findPostgresBinaries();
  const owner = postgresUser();
  const folder = temporaryFolder("family-book-faults-pg-");
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "postgres.log");
  const port = await freePort();
  const asOwner = (binary, args) => (owner ? run("runuser", ["-u", "postgres", "--", binary, ...args]) : run(binary, args));
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;

  const init = await asOwner(binaries.initdb, ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);

  const cluster = {
    version: binaries.version,
    port,
    running: false,
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const result = await asOwner(binaries.pgCtl, ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
      if (result.code !== 0) throw new Error(`pg_ctl start failed:\n${result.output}`);
      cluster.running = true;
    },
    async stop(mode = "fast") {
      const result = await asOwner(binaries.pgCtl, ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
      if (result.code !== 0) throw new Error(`pg_ctl stop failed:\n${result.output}`);
      cluster.running = false;
    },
  };
  // Registered after the folder, so it runs before the folder is removed.
  cleanups.push(async () => {
    if (cluster.running) await cluster.stop("immediate");
  });
  await cluster.start();
  return cluster;
}

async function postgresFault() {
  console.log("\n== PostgreSQL stops under load and comes back ==");
  const cluster = await startCluster();
  note(`Throwaway PostgreSQL ${cluster.version} cluster on 127.0.0.1:${cluster.port}.`);
  const serverUrl = cluster.serverUrl;
  await withClient(serverUrl, (client) => client.query("CREATE DATABASE family_book_faults"));
  const databaseUrl = serverUrl.replace(/\/postgres$/, "/family_book_faults");

  const dataDir = temporaryFolder("family-book-faults-app-");
  const app = await startApp("PostgreSQL", { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const pid = app.child.pid;
  note(`App ready on ${app.url} (pid ${pid}).`);
  const family = await registerFamily(app, 5);

  // The load: each worker alternates reading its memories and writing one with a photo and a tag.
  const records = [];
  const writes = [];
  let stopLoad = false;
  let sequence = 0;
  const worker = async (index) => {
    while (!stopLoad) {
      const writer = family[(index + sequence) % family.length];
      const tagged = family[(family.indexOf(writer) + 1) % family.length];
      sequence += 1;
      if (sequence % 2 === 0) {
        records.push(await request(app, "GET", "/api/memories?limit=5", { token: writer.token }));
      } else {
        const title = `fault-memory-${sequence}`;
        const record = await request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm(title, tagged.id) });
        record.title = title;
        records.push(record);
        writes.push(record);
      }
      await sleep(40);
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
  const during = (from, to) => records.filter((record) => record.started >= from && record.ended <= to);

  try {
    const loadStarted = Date.now();
    await sleep(3_000);
    const before = during(loadStarted, Date.now());
    expect("postgres", "Under load, before the outage, requests succeed", before.length > 0 && before.every((r) => r.status >= 200 && r.status < 300), describeStatuses(before));

    const stopping = Date.now();
    await cluster.stop("fast");
    const down = Date.now();
    note(`PostgreSQL stopped (pg_ctl stop -m fast took ${seconds(down - stopping)}); keeping it down for ${seconds(OUTAGE_MS)}.`);
    await sleep(OUTAGE_MS);
    const starting = Date.now();
    await cluster.start();
    const up = Date.now();
    note(`PostgreSQL accepting connections again (pg_ctl start took ${seconds(up - starting)}).`);

    const outage = during(down, starting);
    const aroundStop = records.filter((r) => r.started < down && r.ended >= stopping);
    const inOutage = [...aroundStop, ...outage];
    expect("postgres", "Requests were made while PostgreSQL was down", outage.length >= 5, `${outage.length} requests`);
    const nonAnswers = inOutage.filter((r) => r.status === 0 || r.status >= 500 && r.status !== 503);
    expect("postgres", "No 500 and no hang while PostgreSQL stops or is down", nonAnswers.length === 0, describeStatuses(inOutage));
    const unavailable = outage.filter((r) => r.status === 503);
    expect(
      "postgres",
      "While PostgreSQL is down every request answers 503",
      outage.length > 0 && unavailable.length === outage.length,
      describeStatuses(outage),
    );
    const badEnvelopes = inOutage.filter((r) => r.status === 503 && (!isFailureEnvelope(r.body) || leaksInternals(r.body.error)));
    const messages = [...new Set(inOutage.filter((r) => r.status === 503).map((r) => r.body?.error))];
    expect("postgres", "Each 503 is a { success: false, data: null, error } envelope with a clear message", badEnvelopes.length === 0, messages.map((m) => JSON.stringify(m)).join("; "));
    expect("postgres", "The message names the database", messages.length > 0 && messages.every((m) => m === DATABASE_MESSAGE));
    expect(
      "postgres",
      `Every answer during the outage came within ${seconds(ANSWER_WITHIN_MS)}`,
      inOutage.every((r) => r.status !== 0 && r.duration <= ANSWER_WITHIN_MS),
      `slowest ${seconds(maxDuration(inOutage))}`,
    );
    note(`Retry-After on 503s: ${[...new Set(inOutage.filter((r) => r.status === 503).map((r) => r.retryAfter))].join(", ")}`);

    // Recovery: keep the load going for RECOVER_WITHIN_MS and a few seconds more.
    await sleep(RECOVER_WITHIN_MS + 4_000);
    const afterGrace = records.filter((r) => r.started >= up + RECOVER_WITHIN_MS && r.ended > 0);
    const firstSuccess = records.filter((r) => r.started >= up && r.status >= 200 && r.status < 300).sort((a, b) => a.ended - b.ended)[0];
    const lastFailure = records.filter((r) => r.started >= up && !(r.status >= 200 && r.status < 300)).sort((a, b) => b.ended - a.ended)[0];
    note(
      `First success ${firstSuccess ? seconds(firstSuccess.ended - up) : "never"} after PostgreSQL returned; ` +
        `last failure ${lastFailure ? `${seconds(lastFailure.ended - up)} after (${lastFailure.status || lastFailure.error})` : "none"}.`,
    );
    expect("postgres", "Requests succeed again after PostgreSQL returns", Boolean(firstSuccess), firstSuccess ? `first success after ${seconds(firstSuccess.ended - up)}` : "");
    expect(
      "postgres",
      `Every request from ${seconds(RECOVER_WITHIN_MS)} after PostgreSQL returned succeeds`,
      afterGrace.length > 0 && afterGrace.every((r) => r.status >= 200 && r.status < 300),
      describeStatuses(afterGrace),
    );
    expect("postgres", "The same app process served throughout (no crash, no restart)", app.exited === null && app.child.pid === pid, app.exited ? `exited ${JSON.stringify(app.exited)}` : `pid ${pid}`);
  } finally {
    stopLoad = true;
    await Promise.all(workers);
  }

  // Nothing half-saved: check PostgreSQL and the photo files directly.
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
  expect(
    "postgres",
    "No memory is half-saved: each has exactly its one photo and one tag",
    halfSaved.length === 0,
    halfSaved.length ? `${halfSaved.length} of ${rows.memories.length}: ${halfSaved.slice(0, 3).map((r) => `${r.title} (${r.photos} photos, ${r.tags} tags)`).join(", ")}` : `${rows.memories.length} memories checked`,
  );
  const lost = acknowledged.filter((r) => !byId.has(r.body?.data?.memory?.id));
  expect("postgres", "Every acknowledged memory is in the database", lost.length === 0, `${acknowledged.length - lost.length} of ${acknowledged.length}`);
  const titles = new Set(rows.memories.map((row) => row.title));
  const refusedButSaved = refused.filter((r) => titles.has(r.title));
  if (refusedButSaved.length) note(`${refusedButSaved.length} refused creation(s) had committed before the connection dropped (complete, just not acknowledged).`);
  const objectsRoot = path.join(dataDir, "objects");
  const missingObjects = rows.photos.flatMap((photo) => [photo.original_key, photo.display_key, photo.thumbnail_key]).filter((key) => !existsSync(path.join(objectsRoot, ...key.split("/"))));
  expect("postgres", "Every photo row has its three objects in storage", missingObjects.length === 0, `${rows.photos.length * 3 - missingObjects.length} of ${rows.photos.length * 3}`);
  const memoryFolders = existsSync(path.join(objectsRoot, "memories")) ? readdirSync(path.join(objectsRoot, "memories")) : [];
  const orphans = memoryFolders.filter((id) => !byId.has(id) && readdirSync(path.join(objectsRoot, "memories", id), { recursive: true }).some((entry) => !entry.endsWith(".type") && entry.includes(".")));
  note(`Photo objects left without a memory (failed creations that could not clean up): ${orphans.length}.`);
  const unexpected = app.log.filter((line) => line.includes("unexpected error")).length;
  expect("postgres", "The app logged no unexpected (500) errors", unexpected === 0, `${unexpected} logged`);
  if (results.some((result) => result.section === "postgres" && !result.passed)) printLogTail(app);
}

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Photo storage (S3) stops

async function startS3(port = 0, directory) {
  const S3rver = require("s3rver");
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: "family-book-faults" }] });
  const address = await server.run();
  let stopped = false;
  const s3 = {
    port: address.port,
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      const closing = server.close();
      // Keep-alive connections would otherwise keep serving the app's requests.
      server.httpServer?.closeAllConnections?.();
      await closing;
    },
  };
  cleanups.push(() => s3.stop());
  return s3;
}

async function storageFault() {
  console.log("\n== Photo storage (S3) stops ==");
  const s3Directory = temporaryFolder("family-book-faults-s3-");
  let s3 = await startS3(0, s3Directory);
  note(`s3rver on ${s3.endpoint}.`);
  const app = await startApp("S3", {
    DATA_DIR: temporaryFolder("family-book-faults-s3app-"),
    S3_BUCKET: "family-book-faults",
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  note(`App ready on ${app.url}.`);
  const [writer, relative] = await registerFamily(app, 2);
  const count = async () => {
    const record = await request(app, "GET", "/api/memories?limit=100", { token: writer.token });
    return { record, count: Array.isArray(record.body?.data?.memories) ? record.body.data.memories.length : null };
  };

  const first = await request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm("storage-up", relative.id) });
  expect("s3", "With storage up, a memory with a photo is created", first.status === 201, `${first.status} in ${seconds(first.duration)}`);
  const baseline = await count();
  expect("s3", "It is listed", baseline.count === 1, `${baseline.count} memories`);

  await s3.stop();
  note("s3rver stopped.");
  const refused = await request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm("storage-down", relative.id) });
  expect("s3", "With storage down, creating a memory with a photo answers 503", refused.status === 503, `${refused.status || refused.error} in ${seconds(refused.duration)}`);
  expect("s3", "It answers promptly", refused.status !== 0 && refused.duration <= ANSWER_WITHIN_MS, seconds(refused.duration));
  expect(
    "s3",
    "The answer is an envelope with a clear storage message",
    isFailureEnvelope(refused.body) && refused.body.error === STORAGE_MESSAGE && !leaksInternals(refused.body.error),
    JSON.stringify(refused.body?.error ?? refused.body),
  );
  const during = await count();
  expect("s3", "Reading memories still works while storage is down", during.record.status === 200, `${during.record.status} in ${seconds(during.record.duration)}`);
  expect("s3", "The refused memory left no row", during.count === 1, `${during.count} memories`);

  s3 = await startS3(s3.port, s3Directory);
  note("s3rver started again on the same port.");
  const again = await request(app, "POST", "/api/memories", { token: writer.token, body: memoryForm("storage-back", relative.id) });
  expect("s3", "Once storage is back, creating works again", again.status === 201, `${again.status} in ${seconds(again.duration)}`);
  const after = await count();
  expect("s3", "Exactly the two created memories are listed", after.count === 2, `${after.count} memories`);
  expect("s3", "The same app process served throughout", app.exited === null, app.exited ? JSON.stringify(app.exited) : "");
  const unexpected = app.log.filter((line) => line.includes("unexpected error")).length;
  expect("s3", "The app logged no unexpected (500) errors", unexpected === 0, `${unexpected} logged`);
  if (results.some((result) => result.section === "s3" && !result.passed)) printLogTail(app);
}

// ---------------------------------------------------------------------------------------------

const watchdog = setTimeout(() => {
  console.error(`\nThe fault test ran longer than ${seconds(RUN_LIMIT_MS)}; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, RUN_LIMIT_MS);
watchdog.unref();

let crashed = null;
const startedAt = Date.now();
try {
  if (!buildIsCurrent()) build();
  console.log(`Fault test as ${userInfo().username}: PostgreSQL outage, then photo storage outage.`);
  for (const section of [postgresFault, storageFault]) {
    try {
      await section();
    } catch (error) {
      crashed ??= error;
      expect(section === postgresFault ? "postgres" : "s3", `${section.name} ran to the end`, false, error.message);
    }
  }
} catch (error) {
  crashed = error;
  console.error(error);
} finally {
  await cleanUp();
}

const failed = results.filter((result) => !result.passed);
console.log(`\n== Fault test report (${seconds(Date.now() - startedAt)}) ==`);
for (const result of results) console.log(`  ${result.passed ? "ok  " : "FAIL"}  [${result.section}] ${result.name}${result.detail ? ` (${result.detail})` : ""}`);
if (crashed && failed.length === 0) console.log(`  FAIL  ${crashed.message}`);
const passed = failed.length === 0 && !crashed;
console.log(passed ? `\nFault test: passed (${results.length} checks).` : `\nFault test: FAILED (${failed.length} of ${results.length} checks).`);
process.exit(passed ? 0 : 1);
