// npm run test:load: many families using Family Book at once, then a check that nothing was lost.
// Builds if needed, starts the production server on a free loopback port with a fresh embedded
// database (or a throwaway database on the PostgreSQL server named by DATABASE_URL), registers
// the users (families of five), lets them write memories (some with photos through the browser's
// presigned upload path, some as multipart files), share and unshare them, answer questionnaires
// and read the feeds for a fixed time, then checks that every write acknowledged with success is
// in the database and that no refused write is. Fails on any 5xx, network error, lost or phantom
// write, or a write accepted or refused against the rules.
//
// Usage: node scripts/load-test.mjs [--quick] [--users N] [--duration S]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/load-test.mjs --quick
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { build, buildIsCurrent, serverEnvironmentDefaults, serverFile } from "./start.mjs";

const { values: options } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    users: { type: "string" },
    duration: { type: "string" },
  },
});
const FAMILY_SIZE = 5;
const userCount = Number(options.users ?? (options.quick ? 40 : 200));
const durationSeconds = Number(options.duration ?? (options.quick ? 10 : 60));
if (!Number.isInteger(userCount) || userCount < FAMILY_SIZE || !(durationSeconds > 0) || durationSeconds > 3600) {
  console.error("Usage: node scripts/load-test.mjs [--quick] [--users N (at least 5)] [--duration S (at most 3600)]");
  process.exit(2);
}
const REQUEST_TIMEOUT_MS = 60_000;
const START_TIMEOUT_MS = 180_000;

const postgresServerUrl = process.env.DATABASE_URL || "";

// ---- Random helpers (seeded, so a failing run can be repeated with LOAD_SEED) ---------------------

let seed = Number(process.env.LOAD_SEED ?? Date.now() % 2_147_483_647) || 1;
const initialSeed = seed;
function random() {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (probability) => random() < probability;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function pastDate() {
  const days = 1 + Math.floor(random() * 365 * 60);
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
let serial = 0;
const uniqueMark = (kind) => `${kind}-${(++serial).toString(36)}-${randomBytes(3).toString("hex")}`;

// ---- Measuring every request ---------------------------------------------------------------------

/** endpoint → { count, statuses: {status: n}, durations: [] } */
const stats = new Map();
const networkErrors = [];
const serverErrors = [];
let baseUrl = "";
let loadStartedAt = 0;

function record(endpoint, status, ms) {
  let entry = stats.get(endpoint);
  if (!entry) stats.set(endpoint, (entry = { count: 0, statuses: {}, durations: [] }));
  entry.count += 1;
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  entry.durations.push(ms);
}

/**
 * One request through Node's fetch (undici; its global agent keeps connections alive). Returns
 * { status, body } or { status: "network" } when no answer came (refused, reset, timed out).
 */
async function call(endpoint, url, { method = "GET", token, json, form, body, headers = {} } = {}) {
  const requestHeaders = { ...headers };
  if (token) requestHeaders.Authorization = `Bearer ${token}`;
  let payload = body;
  if (json !== undefined) {
    requestHeaders["Content-Type"] = "application/json";
    payload = JSON.stringify(json);
  } else if (form) {
    payload = form;
  }
  const started = performance.now();
  // A ref'd timer aborts the request; a second one settles the call even if the abort is lost,
  // so that no virtual user can wait forever.
  const controller = new AbortController();
  const abortTimer = setTimeout(() => controller.abort(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
  let guardTimer;
  const guard = new Promise((_, reject) => {
    guardTimer = setTimeout(() => reject(new Error(`request still pending ${REQUEST_TIMEOUT_MS / 1000 + 5} s after it was sent`)), REQUEST_TIMEOUT_MS + 5000);
  });
  try {
    const exchange = async () => {
      const response = await fetch(new URL(url, baseUrl), { method, headers: requestHeaders, body: payload, signal: controller.signal });
      return { response, text: await response.text() };
    };
    const { response, text } = await Promise.race([exchange(), guard]);
    const ms = performance.now() - started;
    record(endpoint, response.status, ms);
    let parsed = null;
    if ((response.headers.get("content-type") ?? "").includes("json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (response.status >= 500) serverErrors.push(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, body: parsed };
  } catch (error) {
    record(endpoint, "network", performance.now() - started);
    const at = loadStartedAt ? ` (sent ${((started - loadStartedAt) / 1000).toFixed(1)} s into the load)` : "";
    const reason = controller.signal.aborted ? controller.signal.reason.message : `${error.name}: ${error.cause?.code ?? error.cause?.message ?? error.message}`;
    networkErrors.push(`${method} ${url} → ${reason}${at}`);
    return { status: "network", body: null };
  } finally {
    clearTimeout(abortTimer);
    clearTimeout(guardTimer);
  }
}

const acknowledged = (result, status) => result.status === status && result.body?.success === true;

// ---- Starting and stopping the app ---------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function startApp({ dataDirectory, databaseUrl, logFile }) {
  const port = await freePort();
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverFile], {
    cwd: path.dirname(serverFile),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...serverEnvironmentDefaults,
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl ?? "",
      PGLITE_DIR: "",
      S3_BUCKET: "",
      REDIS_URL: "",
      RATE_LIMIT_DISABLED: "true",
      ...(databaseUrl ? { AUTH_SECRET: randomBytes(32).toString("hex") } : {}),
    },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const app = {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise((resolve) => log.end(resolve));
    },
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The app exited while starting (code ${child.exitCode}); see ${logFile}`);
    try {
      const response = await fetch(`${app.url}/api/questionnaires`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      // 401 means the server answers and has opened its database (migrated and seeded).
      if (response.status === 401) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`The app did not serve within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
    }
    await sleep(300);
  }
  // The first authenticated request also opens the database: prove it is ready before timing.
  return app;
}

// ---- The people --------------------------------------------------------------------------------

/**
 * user: { index, id, token, familyId, family (the users), questionnaires,
 *         memories: Map(id → expected), memoryAttempts: [], submissionAttempts: [] }
 */
const users = [];

async function register(index, familyId) {
  const email = `load-${index}-${randomBytes(4).toString("hex")}@example.test`;
  const result = await call("POST /api/auth/register", "/api/auth/register", {
    method: "POST",
    json: {
      first_name: `User${index}`,
      last_name: `Family${Math.floor(index / FAMILY_SIZE)}`,
      email,
      password: `load-test-${randomBytes(6).toString("hex")}`,
      ...(familyId ? { family_id: familyId } : {}),
    },
  });
  if (!acknowledged(result, 201)) throw new Error(`Registering ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  const { token, user } = result.body.data;
  return {
    index,
    id: user.id,
    token,
    familyId: user.family_id,
    family: [],
    questionnaires: [],
    memories: new Map(),
    memoryAttempts: [],
    submissionAttempts: [],
  };
}

/** Families of five: the first registers and starts the family, the others join with its id. */
async function registerEveryone() {
  const families = Math.floor(userCount / FAMILY_SIZE);
  const byFamily = await mapLimited(
    Array.from({ length: families }, (_, family) => family),
    4,
    async (family) => {
      const first = await register(family * FAMILY_SIZE, null);
      const rest = await Promise.all(Array.from({ length: FAMILY_SIZE - 1 }, (_, offset) => register(family * FAMILY_SIZE + offset + 1, first.familyId)));
      const members = [first, ...rest];
      for (const member of members) {
        if (member.familyId !== first.familyId) throw new Error(`User ${member.index} did not join family ${first.familyId}`);
        member.family = members;
      }
      return members;
    },
  );
  users.push(...byFamily.flat());
}

async function mapLimited(items, limit, run) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index], index);
      }
    }),
  );
  return results;
}

// ---- Photos ------------------------------------------------------------------------------------

const photos = [];
async function makePhotos() {
  const colours = [
    { r: 200, g: 120, b: 60 },
    { r: 60, g: 140, b: 200 },
    { r: 90, g: 170, b: 90 },
  ];
  for (const [index, background] of colours.entries()) {
    const noise = Buffer.alloc(64 * 48 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(random() * 256);
    const texture = await sharp(noise, { raw: { width: 64, height: 48, channels: 3 } }).resize(320, 240).png().toBuffer();
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .composite([{ input: texture, top: 180, left: 240, blend: "overlay" }])
      .jpeg({ quality: 80 })
      .toBuffer();
    photos.push({ name: `load-photo-${index + 1}.jpg`, bytes });
  }
}

// ---- What a person does --------------------------------------------------------------------------

/** The browser's path: ask for a presigned URL, PUT the bytes to storage, return the upload id. */
async function uploadThroughStorage(user, photo) {
  const ticket = await call("POST /api/memories/uploads", "/api/memories/uploads", {
    method: "POST",
    token: user.token,
    json: { file_name: photo.name, content_type: "image/jpeg", size: photo.bytes.length },
  });
  if (!acknowledged(ticket, 201)) return null;
  const { upload } = ticket.body.data;
  const target = new URL(upload.url, baseUrl);
  if (target.hostname !== "127.0.0.1") throw new Error(`Upload URL leaves the machine: ${upload.url}`);
  const put = await call("PUT (presigned upload)", target.toString(), { method: upload.method, headers: upload.headers, body: photo.bytes });
  return put.status === 200 ? upload.id : null;
}

async function createMemory(user) {
  const title = uniqueMark(`memory-u${user.index}`);
  const relatives = user.family.filter((member) => member !== user);
  const tagged = chance(0.3) ? relatives.filter(() => chance(0.4)).map((member) => member.id) : [];
  const isShared = chance(0.5);
  // The mix: mostly plain, one in five through the presigned upload path, a few with files in the
  // form, and a few that the rules must refuse (future date, a tag outside the family, six photos).
  const roll = random();
  let kind = roll < 0.2 ? "upload" : roll < 0.26 ? "multipart" : roll < 0.32 ? "refused" : "plain";
  const form = new FormData();
  form.append("title", title);
  form.append("content", `A day to remember (${title}). `.repeat(1 + Math.floor(random() * 8)));
  form.append("is_shared", String(isShared));
  let date = pastDate();
  let expectedPhotos = 0;
  let refusal = null;
  if (kind === "upload") {
    const count = 1 + Math.floor(random() * 2);
    for (let i = 0; i < count; i += 1) {
      const id = await uploadThroughStorage(user, pick(photos));
      if (!id) {
        kind = "plain"; // The upload itself failed (counted as an error); write the memory without it.
        break;
      }
      form.append("uploadIds", id);
      expectedPhotos += 1;
    }
    if (kind === "plain") {
      form.delete("uploadIds");
      expectedPhotos = 0;
    }
  } else if (kind === "multipart") {
    const photo = pick(photos);
    form.append("photos", new Blob([photo.bytes], { type: "image/jpeg" }), photo.name);
    expectedPhotos = 1;
  } else if (kind === "refused") {
    refusal = pick(["future date", "outsider tag", "too many photos"]);
    if (refusal === "future date") {
      date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      // A photo already uploaded must not turn a refused memory into a half-saved one.
      const id = await uploadThroughStorage(user, pick(photos));
      if (id) form.append("uploadIds", id);
    } else if (refusal === "outsider tag") {
      const outsider = users.find((other) => other.familyId !== user.familyId);
      if (outsider) tagged.push(outsider.id);
      else refusal = "future date";
      if (!outsider) date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    } else {
      for (let i = 0; i < 6; i += 1) form.append("photos", new Blob([photos[i % photos.length].bytes], { type: "image/jpeg" }), `extra-${i}.jpg`);
    }
  }
  form.append("memory_date", date);
  for (const id of tagged) form.append("taggedUserIds", id);

  const result = await call("POST /api/memories", "/api/memories", { method: "POST", token: user.token, form });
  const attempt = { title, kind, refusal, status: result.status, id: null };
  user.memoryAttempts.push(attempt);
  if (acknowledged(result, 201)) {
    const memory = result.body.data.memory;
    attempt.id = memory.id;
    user.memories.set(memory.id, { id: memory.id, title, isShared, photos: expectedPhotos, tags: new Set(tagged).size, date });
  }
}

async function toggleSharing(user) {
  const own = [...user.memories.values()];
  if (own.length === 0) return createMemory(user);
  const memory = pick(own);
  const next = !memory.isShared;
  const result = await call("PATCH /api/memories/:id/toggle-shared", `/api/memories/${memory.id}/toggle-shared`, {
    method: "PATCH",
    token: user.token,
    json: { is_shared: next },
  });
  if (acknowledged(result, 200)) {
    memory.isShared = next;
    memory.toggles = (memory.toggles ?? 0) + 1;
  } else {
    memory.sharingUnknown = result.status === "network" || result.status >= 500;
    user.unexpected ??= [];
    user.unexpected.push(`toggle ${memory.id} → ${result.status}`);
  }
}

async function answerQuestionnaire(user) {
  if (user.questionnaires.length === 0) {
    const list = await call("GET /api/questionnaires", "/api/questionnaires", { token: user.token });
    if (!acknowledged(list, 200)) return;
    user.questionnaires = list.body.data.questionnaires;
    if (user.questionnaires.length === 0) return;
  }
  const questionnaire = pick(user.questionnaires);
  const questionsResult = await call("GET /api/questionnaires/:id/questions", `/api/questionnaires/${questionnaire.id}/questions`, { token: user.token });
  if (!acknowledged(questionsResult, 200)) return;
  const questions = questionsResult.body.data.questions;
  if (questions.length === 0) return;
  const mark = uniqueMark(`answer-u${user.index}`);
  const tooShort = chance(0.08);
  const responses = questions.map((question, index) => ({
    question_id: question.id,
    // An answer of too few characters must be refused, and leave nothing (not even the others).
    answer_text: tooShort && index === 0 ? "no" : `${mark} — my answer to question ${index + 1}.`,
  }));
  const earlier = user.submissionAttempts.filter((attempt) => attempt.questionnaireId === questionnaire.id && attempt.id);
  // A questionnaire that takes one set of answers refuses a second one before reading it.
  const expected = !questionnaire.allow_multiple_responses && earlier.length > 0 ? 409 : tooShort ? 400 : 201;
  const result = await call("POST /api/questionnaires/responses", "/api/questionnaires/responses", {
    method: "POST",
    token: user.token,
    json: { responses },
  });
  const attempt = { questionnaireId: questionnaire.id, mark, expected, status: result.status, id: null, answers: responses.length };
  if (acknowledged(result, 201)) attempt.id = result.body.data.submission.id;
  user.submissionAttempts.push(attempt);
}

async function readFeeds(user) {
  const which = random();
  if (which < 0.35) {
    const result = await call("GET /api/memories/shared", "/api/memories/shared", { token: user.token });
    // Open one shared memory from the feed, as a reader tapping a card would.
    const shared = acknowledged(result, 200) ? result.body.data.memories : [];
    if (shared.length && chance(0.5)) await call("GET /api/memories/:id", `/api/memories/${pick(shared).id}`, { token: user.token });
  } else if (which < 0.65) {
    await call("GET /api/memories", "/api/memories", { token: user.token });
  } else {
    await call("GET /api/questionnaires/submissions/shared", "/api/questionnaires/submissions/shared", { token: user.token });
  }
}

async function shareAnswers(user) {
  const mine = user.submissionAttempts.filter((attempt) => attempt.id);
  if (mine.length === 0) return answerQuestionnaire(user);
  const submission = pick(mine);
  const next = !submission.isShared;
  const result = await call("PATCH /api/questionnaires/submissions/:id/toggle-shared", `/api/questionnaires/submissions/${submission.id}/toggle-shared`, {
    method: "PATCH",
    token: user.token,
    json: { is_shared: next },
  });
  if (acknowledged(result, 200)) submission.isShared = next;
}

async function virtualUser(user, stopAt) {
  // Spread the start so that 200 people do not press the same button in the same millisecond.
  await sleep(random() * 1000);
  while (Date.now() < stopAt) {
    const roll = random();
    if (roll < 0.35) await createMemory(user);
    else if (roll < 0.5) await toggleSharing(user);
    else if (roll < 0.65) await answerQuestionnaire(user);
    else if (roll < 0.7) await shareAnswers(user);
    else await readFeeds(user);
    await sleep(50 + random() * 250);
  }
}

// ---- Verification ------------------------------------------------------------------------------

const problems = [];
const verified = { memories: 0, submissions: 0, refusedMemoriesAbsent: 0, refusedSubmissionsAbsent: 0, photosFetched: 0, familyFeeds: 0 };

async function allOwnMemories(user) {
  const memories = [];
  let cursor = null;
  for (let page = 0; page < 1000; page += 1) {
    const result = await call("GET /api/memories (verify)", `/api/memories?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: user.token });
    if (!acknowledged(result, 200)) throw new Error(`Listing memories of user ${user.index} failed: ${result.status}`);
    memories.push(...result.body.data.memories);
    cursor = result.body.data.next_cursor;
    if (!cursor) break;
  }
  return memories;
}

async function verifyMemories(user) {
  const listed = await allOwnMemories(user);
  const listedByTitle = new Map(listed.map((memory) => [memory.title, memory]));
  const ambiguous = new Set(user.memoryAttempts.filter((attempt) => attempt.status === "network" || attempt.status >= 500).map((attempt) => attempt.title));
  for (const attempt of user.memoryAttempts) {
    const expectedStatus = attempt.kind === "refused" ? 400 : 201;
    if (attempt.status !== expectedStatus && !ambiguous.has(attempt.title)) {
      problems.push(`user ${user.index}: memory "${attempt.title}" (${attempt.refusal ?? attempt.kind}) answered ${attempt.status}, expected ${expectedStatus}`);
    }
    if (!attempt.id && !ambiguous.has(attempt.title)) {
      if (listedByTitle.has(attempt.title)) problems.push(`user ${user.index}: refused memory "${attempt.title}" is in the database (phantom write)`);
      else verified.refusedMemoriesAbsent += 1;
    }
  }
  const expectedCount = user.memories.size;
  const listedKnown = listed.filter((memory) => !ambiguous.has(memory.title));
  if (listedKnown.length !== expectedCount) {
    problems.push(`user ${user.index}: ${listedKnown.length} memories listed, ${expectedCount} acknowledged`);
  }
  for (const expected of user.memories.values()) {
    const result = await call("GET /api/memories/:id (verify)", `/api/memories/${expected.id}`, { token: user.token });
    if (!acknowledged(result, 200)) {
      problems.push(`user ${user.index}: acknowledged memory ${expected.id} "${expected.title}" is missing (${result.status}) — lost write`);
      continue;
    }
    const memory = result.body.data.memory;
    const wrong = [];
    if (memory.title !== expected.title) wrong.push(`title "${memory.title}"`);
    if (memory.memory_photos.length !== expected.photos) wrong.push(`${memory.memory_photos.length} photos instead of ${expected.photos}`);
    if (memory.memory_tags.length !== expected.tags) wrong.push(`${memory.memory_tags.length} tags instead of ${expected.tags}`);
    if (memory.memory_date !== expected.date) wrong.push(`date ${memory.memory_date} instead of ${expected.date}`);
    if (!expected.sharingUnknown && memory.is_shared !== expected.isShared) wrong.push(`is_shared ${memory.is_shared} instead of ${expected.isShared}`);
    if (!listedByTitle.has(expected.title)) wrong.push("absent from the owner's list");
    if (wrong.length) problems.push(`user ${user.index}: memory ${expected.id}: ${wrong.join(", ")}`);
    else verified.memories += 1;
    // The stored photo itself must be served.
    if (memory.memory_photos.length) {
      const photo = await call("GET photo thumbnail (verify)", memory.memory_photos[0].thumbnail_url);
      if (photo.status === 200) verified.photosFetched += 1;
      else problems.push(`user ${user.index}: photo of memory ${expected.id} answered ${photo.status}`);
    }
  }
}

async function verifySubmissions(user) {
  const byQuestionnaire = new Map();
  for (const attempt of user.submissionAttempts) {
    if (!byQuestionnaire.has(attempt.questionnaireId)) byQuestionnaire.set(attempt.questionnaireId, []);
    byQuestionnaire.get(attempt.questionnaireId).push(attempt);
  }
  for (const [questionnaireId, attempts] of byQuestionnaire) {
    const result = await call("GET /api/questionnaires/:id/submissions (verify)", `/api/questionnaires/${questionnaireId}/submissions`, { token: user.token });
    if (!acknowledged(result, 200)) {
      problems.push(`user ${user.index}: listing submissions of questionnaire ${questionnaireId} failed (${result.status})`);
      continue;
    }
    const stored = result.body.data.submissions;
    const storedById = new Map(stored.map((submission) => [submission.id, submission]));
    const markOf = (submission) => submission.responses.map((response) => response.answer_text.split(" — ")[0]).find((text) => text.startsWith("answer-"));
    const storedMarks = new Set(stored.map(markOf));
    const ambiguous = attempts.filter((attempt) => attempt.status === "network" || attempt.status >= 500);
    for (const attempt of attempts) {
      if (attempt.status !== attempt.expected && !ambiguous.includes(attempt)) {
        problems.push(`user ${user.index}: submission ${attempt.mark} answered ${attempt.status}, expected ${attempt.expected}`);
      }
      if (attempt.id) {
        const submission = storedById.get(attempt.id);
        if (!submission) problems.push(`user ${user.index}: acknowledged submission ${attempt.id} (${attempt.mark}) is missing — lost write`);
        else if (markOf(submission) !== attempt.mark || submission.responses.length !== attempt.answers) {
          problems.push(`user ${user.index}: submission ${attempt.id} holds other answers than were sent`);
        } else if (attempt.isShared !== undefined && submission.is_shared !== attempt.isShared) {
          problems.push(`user ${user.index}: submission ${attempt.id} is_shared ${submission.is_shared} instead of ${attempt.isShared}`);
        } else verified.submissions += 1;
      } else if (!ambiguous.includes(attempt)) {
        if (storedMarks.has(attempt.mark)) problems.push(`user ${user.index}: refused submission ${attempt.mark} is in the database (phantom write)`);
        else verified.refusedSubmissionsAbsent += 1;
      }
    }
    const acknowledgedCount = attempts.filter((attempt) => attempt.id).length;
    if (stored.length !== acknowledgedCount + ambiguous.filter((attempt) => storedMarks.has(attempt.mark)).length) {
      problems.push(`user ${user.index}: ${stored.length} submissions stored for questionnaire ${questionnaireId}, ${acknowledgedCount} acknowledged`);
    }
  }
}

/** Each family's shared feed holds exactly the memories its members left shared. */
async function verifyFamilyFeed(members) {
  const reader = pick(members);
  const expected = new Set(members.flatMap((member) => [...member.memories.values()].filter((memory) => memory.isShared && !memory.sharingUnknown).map((memory) => memory.id)));
  const unknown = new Set(members.flatMap((member) => [...member.memories.values()].filter((memory) => memory.sharingUnknown).map((memory) => memory.id)));
  // A memory whose creation got no answer (timeout, 5xx) may or may not exist: it is reported as
  // an error already, and not counted here.
  const unanswered = new Set(members.flatMap((member) => member.memoryAttempts.filter((attempt) => attempt.status === "network" || attempt.status >= 500).map((attempt) => attempt.title)));
  const seen = new Set();
  let cursor = null;
  for (let page = 0; page < 1000; page += 1) {
    const result = await call("GET /api/memories/shared (verify)", `/api/memories/shared?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: reader.token });
    if (!acknowledged(result, 200)) {
      problems.push(`family of user ${reader.index}: shared feed failed (${result.status})`);
      return;
    }
    for (const memory of result.body.data.memories) if (!unanswered.has(memory.title)) seen.add(memory.id);
    cursor = result.body.data.next_cursor;
    if (!cursor) break;
  }
  const missing = [...expected].filter((id) => !seen.has(id));
  const extra = [...seen].filter((id) => !expected.has(id) && !unknown.has(id));
  if (missing.length || extra.length) {
    problems.push(`family of user ${reader.index}: shared feed misses ${missing.length} and wrongly holds ${extra.length} memories`);
  } else verified.familyFeeds += 1;
}

// ---- The report --------------------------------------------------------------------------------

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function printTable(rows, headings) {
  const widths = headings.map((heading, column) => Math.max(heading.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join("  ");
  console.log(line(headings));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

function report({ backend, timedSeconds }) {
  const rows = [];
  const totals = { count: 0, statuses: {}, durations: [] };
  for (const [endpoint, entry] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = entry.durations.slice().sort((a, b) => a - b);
    const statuses = Object.entries(entry.statuses)
      .sort()
      .map(([status, count]) => `${status}:${count}`)
      .join(" ");
    rows.push([endpoint, entry.count, statuses, percentile(sorted, 0.5).toFixed(0), percentile(sorted, 0.99).toFixed(0)]);
    totals.count += entry.count;
    for (const [status, count] of Object.entries(entry.statuses)) totals.statuses[status] = (totals.statuses[status] ?? 0) + count;
    totals.durations.push(...entry.durations);
  }
  const all = totals.durations.sort((a, b) => a - b);
  rows.push([
    "ALL",
    totals.count,
    Object.entries(totals.statuses)
      .sort()
      .map(([status, count]) => `${status}:${count}`)
      .join(" "),
    percentile(all, 0.5).toFixed(0),
    percentile(all, 0.99).toFixed(0),
  ]);
  console.log(`\nLoad test on ${backend}: ${users.length} users in ${users.length / FAMILY_SIZE} families, ${timedSeconds.toFixed(1)} s of load (seed ${initialSeed})\n`);
  printTable(rows, ["endpoint", "requests", "statuses", "p50 ms", "p99 ms"]);

  const memoryAttempts = users.flatMap((user) => user.memoryAttempts);
  const submissionAttempts = users.flatMap((user) => user.submissionAttempts);
  const timedRequests = [...stats.entries()].filter(([endpoint]) => !endpoint.includes("(verify)") && !endpoint.includes("register")).reduce((sum, [, entry]) => sum + entry.count, 0);
  console.log("");
  printTable(
    [
      ["memories", memoryAttempts.length, memoryAttempts.filter((attempt) => attempt.id).length, verified.memories, memoryAttempts.filter((attempt) => !attempt.id).length, verified.refusedMemoriesAbsent],
      ["  with photos (upload path)", memoryAttempts.filter((a) => a.kind === "upload").length, memoryAttempts.filter((a) => a.kind === "upload" && a.id).length, "", "", ""],
      ["  with photos (multipart)", memoryAttempts.filter((a) => a.kind === "multipart").length, memoryAttempts.filter((a) => a.kind === "multipart" && a.id).length, "", "", ""],
      ["submissions", submissionAttempts.length, submissionAttempts.filter((attempt) => attempt.id).length, verified.submissions, submissionAttempts.filter((attempt) => !attempt.id).length, verified.refusedSubmissionsAbsent],
    ],
    ["writes", "attempted", "acknowledged", "verified", "refused", "verified absent"],
  );
  console.log(
    `\nThroughput under load: ${(timedRequests / timedSeconds).toFixed(1)} requests/s. Photos served back: ${verified.photosFetched}. Family feeds exact: ${verified.familyFeeds}/${users.length / FAMILY_SIZE}.`,
  );
}

// ---- Main --------------------------------------------------------------------------------------

async function main() {
  if (!buildIsCurrent()) build();
  const workDirectory = mkdtempSync(path.join(tmpdir(), "family-book-load-"));
  const logFile = path.join(workDirectory, "server.log");
  let databaseUrl = null;
  let databaseName = null;
  if (postgresServerUrl) {
    databaseName = `family_book_load_${randomBytes(4).toString("hex")}`;
    databaseUrl = Object.assign(new URL(postgresServerUrl), { pathname: `/${databaseName}` }).toString();
    await withClient(postgresServerUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  }
  const backend = databaseUrl ? `PostgreSQL (throwaway database ${databaseName})` : "the embedded database (PGlite)";
  let app = null;
  let failed = false;
  let timedSeconds = 0;
  const stopOnSignal = () => {
    failed = true;
    console.error("Interrupted: stopping the app.");
    Promise.resolve(app?.stop()).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    await makePhotos();
    console.log(`Starting the app on ${backend}...`);
    app = await startApp({ dataDirectory: path.join(workDirectory, "data"), databaseUrl, logFile });
    baseUrl = app.url;
    console.log(`Registering ${Math.floor(userCount / FAMILY_SIZE) * FAMILY_SIZE} users in families of ${FAMILY_SIZE}...`);
    await registerEveryone();

    console.log(`Running the load for ${durationSeconds} s...`);
    const started = performance.now();
    loadStartedAt = started;
    const stopAt = Date.now() + durationSeconds * 1000;
    // Every request is bounded, so the users must be done shortly after the last one was sent.
    let watchdog;
    await Promise.race([
      Promise.all(users.map((user) => virtualUser(user, stopAt))),
      new Promise((_, reject) => {
        watchdog = setTimeout(() => reject(new Error("The virtual users did not finish: a request hung")), durationSeconds * 1000 + 2 * REQUEST_TIMEOUT_MS + 30_000);
      }),
    ]).finally(() => clearTimeout(watchdog));
    timedSeconds = (performance.now() - started) / 1000;

    console.log("Verifying every write...");
    await mapLimited(users, 8, async (user) => {
      await verifyMemories(user);
      await verifySubmissions(user);
    });
    const families = [...new Set(users.map((user) => user.family))];
    await mapLimited(families, 8, verifyFamilyFeed);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await app?.stop();
    if (databaseName) {
      await withClient(postgresServerUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`)).catch((error) =>
        console.error(`Could not drop ${databaseName}:`, error.message),
      );
    }
  }

  if (users.length) report({ backend, timedSeconds: timedSeconds || durationSeconds });
  const unexpected = users.flatMap((user) => user.unexpected ?? []);
  const acknowledgedWrites = users.reduce((sum, user) => sum + user.memories.size + user.submissionAttempts.filter((attempt) => attempt.id).length, 0);
  const failures = [];
  if (serverErrors.length) failures.push(`${serverErrors.length} 5xx responses`, ...serverErrors.slice(0, 10).map((line) => `  ${line}`));
  if (networkErrors.length) failures.push(`${networkErrors.length} network errors`, ...networkErrors.slice(0, 10).map((line) => `  ${line}`));
  if (problems.length) failures.push(`${problems.length} verification problems`, ...problems.slice(0, 20).map((line) => `  ${line}`));
  if (unexpected.length) failures.push(`${unexpected.length} sharing changes refused`, ...unexpected.slice(0, 10).map((line) => `  ${line}`));
  if (!failed && acknowledgedWrites === 0) failures.push("no write was acknowledged at all");
  if (failed) failures.push("the run did not complete (see the error above)");

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
