// npm run test:scale: Family Book scaled out behind nginx behaves as one instance does.
//
// Starts, all on one throwaway PostgreSQL database, Redis (its own database number, emptied
// before and after) and the in-process S3-compatible store: two web instances A and B with
// WORKERS=false, one worker process (`npm run worker`), and nginx (the Debian package, run as
// this user with its own configuration, logs and temporary files in a temporary folder) in
// front of A and B (docs/decisions/031-scaling-out.md). Then:
//   1. the behaviour that must not depend on which instance answers: a session made on A works
//      on B (bearer token and cookie), a sign-in limit counts attempts made on both, a memory
//      with a photo made on A is in the family's shared feed read on B, a book asked for on A is
//      made by the worker and read as ready on B, and every schedule exists once with no
//      scheduled job queued twice;
//   2. throughput of a representative read (GET /api/memories/shared) on one instance, then on
//      both through nginx;
//   3. the load test's families (scripts/load-test/) through nginx, with B stopped by SIGTERM
//      part-way: B must drain and exit 0, no request may fail (no 5xx, no network error), and
//      every acknowledged write must be in the database afterwards (through the API and by id
//      in the memories table).
// Everything started here is stopped and every temporary folder removed, on success, failure
// or Ctrl-C. Exits 1 when any expectation failed.
//
// Usage: node scripts/scale-test.mjs [--quick]
//        CI_POSTGRES_URL / CI_REDIS_URL point at other servers than 127.0.0.1's.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createClient } from "@redis/client";
import autocannon from "autocannon";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { freePortIn, startApp, startWorker } from "./lib/app-server.mjs";
import { createChecklist } from "./lib/checklist.mjs";
import { createCleanups } from "./lib/cleanups.mjs";
import { createThrowawayDatabase, withClient } from "./lib/databases.mjs";
import { mapLimited } from "./lib/map-limited.mjs";
import { startS3Server } from "./lib/s3-server.mjs";
import { registerFamilies } from "./load-test/families.mjs";
import { createMeasuredClient } from "./load-test/measured-client.mjs";
import { makePhotos, virtualUser } from "./load-test/scenarios.mjs";
import { createRandom } from "./load-test/seeded-random.mjs";
import { createFindings, verifyFamilyFeed, verifyMemories, verifySubmissions } from "./load-test/verify.mjs";

const NGINX = process.env.NGINX_BINARY || "/usr/sbin/nginx";
/** This test's own Redis database: emptied before and after the run. */
const REDIS_DATABASE = 9;
/** The largest body the app takes (an export to import, IMPORT_MAX_BYTES in src/lib/schemas/data-export.ts); each route caps its own below it. */
const BODY_LIMIT = "512m";
const REQUEST_TIMEOUT_MS = 60_000;
const RUN_LIMIT_MS = 15 * 60_000;

const { values: flags } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const quick = flags.quick;
// Every virtual user reaches the app from 127.0.0.1 through nginx, so registrations count against
// one address's limit (50 an hour, src/server/accounts/auth/registration-limits.ts): at most 45 users.
const USERS = 40;
const LOAD_SECONDS = quick ? 20 : 60;
const BENCH_SECONDS = quick ? 5 : 15;

// ---------------------------------------------------------------------------------------------

const checklist = createChecklist();
const check = checklist.section("scaled out");

/**
 * @param {string} base
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, cookie?: string, json?: unknown, form?: FormData }} [options]
 */
async function request(base, method, pathname, { token, cookie, json, form } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  let body;
  if (json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) body = form;
  try {
    const response = await fetch(`${base}${pathname}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text.slice(0, 200);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  } catch (error) {
    return { status: 0, body: error.message, headers: new Headers() };
  }
}

// ---------------------------------------------------------------------------------------------
// nginx

function nginxConfiguration({ folder, port, upstreams, down = [], clientKeepAlive = true }) {
  return `# Written by scripts/scale-test.mjs (docs/decisions/031-scaling-out.md).
daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_timeout ${clientKeepAlive ? 75 : 0};
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  client_max_body_size ${BODY_LIMIT};
  upstream family_book {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream}${down.includes(upstream) ? " down" : ""};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://family_book;
      proxy_http_version 1.1;
      # The app believes one hop (TRUST_PROXY_HOPS=1): the address nginx appends is the client's.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # A new connection per request: an instance that is stopping refuses it before anything is
      # sent, so even a POST can go to the other instance. A request that reached an instance is
      # passed on again only if it is idempotent (nginx never replays POST or PATCH without
      # "non_idempotent"), and at most once.
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_send_timeout 120s;
    }
  }
}
`;
}

async function startNginx({ folder, port, upstreams, cleanups }) {
  for (const sub of ["client-body", "proxy", "fastcgi", "uwsgi", "scgi", "logs"]) mkdirSync(path.join(folder, sub), { recursive: true });
  // Started as root (as CI does), nginx's workers run as "nobody": they must reach and write the
  // folders where a request body or an answer too large for memory is buffered, or nginx answers
  // such a request (a photo upload) with its own 500.
  if (process.getuid?.() === 0) {
    for (let up = folder; up.startsWith(tmpdir()) && up !== tmpdir(); up = path.dirname(up)) chmodSync(up, 0o755);
    for (const sub of ["client-body", "proxy"]) chmodSync(path.join(folder, sub), 0o777);
  }
  writeFileSync(path.join(folder, "nginx.conf"), nginxConfiguration({ folder, port, upstreams }));
  const child = spawn(NGINX, ["-p", folder, "-c", "nginx.conf", "-e", path.join(folder, "error.log")], { stdio: ["ignore", "inherit", "inherit"] });
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve((exited = { code, signal }))));
  child.once("error", (error) => console.error(`nginx: ${error.message}`));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  cleanups.add(async () => {
    process.removeListener("exit", killOnExit);
    if (!exited) {
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exit;
      clearTimeout(timer);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  /**
   * Reloads nginx with another configuration, as a deployment does: `down` takes instances out of
   * rotation before they are stopped (the old workers finish the requests they passed on, new
   * requests go to the others); `clientKeepAlive: false` closes each client connection after its
   * answer. A reload closes the old workers' idle keep-alive connections, and a client that sends
   * on one at that instant sees its connection closed: browsers send such a request again, this
   * test's client (undici) does not, so the load runs without keep-alive to nginx.
   */
  const reconfigure = async (options) => {
    writeFileSync(path.join(folder, "nginx.conf"), nginxConfiguration({ folder, port, upstreams, ...options }));
    child.kill("SIGHUP");
    await sleep(1_000);
  };
  for (let tries = 0; tries < 100; tries += 1) {
    if (exited) throw new Error(`nginx exited at start (code ${exited.code})`);
    const answer = await request(url, "GET", "/api/auth/me");
    if (answer.status > 0) return { url, child, reconfigure };
    await sleep(100);
  }
  throw new Error("nginx did not start answering within 10 s");
}

// ---------------------------------------------------------------------------------------------
// 1. The same behaviour on either instance

async function register(base, tag, inviteCode) {
  const email = `scale-${tag}-${randomBytes(4).toString("hex")}@example.test`;
  const password = `scale-${randomBytes(8).toString("hex")}`;
  const result = await request(base, "POST", "/api/auth/register", {
    json: { first_name: "Scale", last_name: tag, email, password, ...(inviteCode ? { family_id: inviteCode } : {}) },
  });
  if (result.status !== 201) throw new Error(`Registering ${email} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return { email, password, token: result.body.data.token, id: result.body.data.user.id, familyId: result.body.data.user.family_id };
}

async function checkSameBehaviour({ a, b, proxy, databaseUrl, photo }) {
  console.log("\n1. Either instance answers alike");
  const ada = await register(a.url, "ada");
  const invite = await request(a.url, "GET", "/api/family/invite", { token: ada.token });
  const ben = await register(b.url, "ben", invite.body?.data?.invite?.code);

  const meOnB = await request(b.url, "GET", "/api/auth/me", { token: ada.token });
  check("a bearer session made on A works on B", meOnB.status === 200 && meOnB.body?.data?.user?.id === ada.id, `B answered ${meOnB.status}`);
  const login = await request(a.url, "POST", "/api/auth/login", { json: { email: ada.email, password: ada.password } });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((line) => line.split(";")[0]).join("; ");
  const cookieOnB = await request(b.url, "GET", "/api/auth/me", { cookie });
  check(
    "a session cookie from signing in on A works on B",
    login.status === 200 && cookie !== "" && cookieOnB.status === 200 && cookieOnB.body?.data?.user?.id === ada.id,
    `sign-in ${login.status}, B ${cookieOnB.status}`,
  );

  // login-account-address: 10 attempts per account and address in 15 minutes, counted in Redis.
  const statuses = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const instance = attempt % 2 === 0 ? a : b;
    statuses.push((await request(instance.url, "POST", "/api/auth/login", { json: { email: ben.email, password: "not the password" } })).status);
  }
  const eleventhOnA = await request(a.url, "POST", "/api/auth/login", { json: { email: ben.email, password: ben.password } });
  const eleventhOnB = await request(b.url, "POST", "/api/auth/login", { json: { email: ben.email, password: ben.password } });
  check(
    "a sign-in limit counts attempts on A and B together (10 wrong, alternating; then refused on both)",
    statuses.every((status) => status === 401) && eleventhOnA.status === 429 && eleventhOnB.status === 429,
    `attempts ${statuses.join(",")}; then A ${eleventhOnA.status}, B ${eleventhOnB.status}`,
  );

  const form = new FormData();
  form.append("title", "Scaled out");
  form.append("content", "Made on A, read on B.");
  form.append("is_shared", "true");
  form.append("memory_date", "2020-05-01");
  form.append("photos", new Blob([photo.bytes], { type: "image/jpeg" }), photo.name);
  const made = await request(a.url, "POST", "/api/memories", { token: ada.token, form });
  const memoryId = made.body?.data?.memory?.id;
  const feedOnB = await request(b.url, "GET", "/api/memories/shared", { token: ben.token });
  const shown = feedOnB.body?.data?.memories?.find((memory) => memory.id === memoryId);
  check(
    "a shared memory with a photo made on A is in the family's feed on B",
    made.status === 201 && shown !== undefined,
    `A ${made.status}, B ${feedOnB.status}`,
  );
  const photoUrl = shown?.memory_photos?.[0]?.url ?? shown?.memory_photos?.[0]?.thumbnail_url;
  if (photoUrl) {
    // A photo's address is either the app's own (read with the session) or the photo store's,
    // signed: the store refuses a signed address that also carries another credential.
    const address = new URL(photoUrl, b.url);
    const sameOrigin = address.origin === new URL(b.url).origin;
    const photoAnswer = await fetch(address, { headers: sameOrigin ? { authorization: `Bearer ${ben.token}` } : {}, redirect: "follow" }).catch(() => null);
    check("its photo is readable through B", photoAnswer?.status === 200, `status ${photoAnswer?.status}${sameOrigin ? "" : ", from the photo store"}`);
  }

  const asked = await request(proxy.url, "POST", "/api/family-book/books", { token: ada.token, json: { size: "6x9" } });
  const bookId = asked.body?.data?.book?.id;
  let status = asked.body?.data?.book?.status;
  const until = Date.now() + 120_000;
  while (bookId && status !== "ready" && status !== "failed" && Date.now() < until) {
    await sleep(500);
    status = (await request(b.url, "GET", `/api/family-book/books/${bookId}`, { token: ada.token })).body?.data?.book?.status;
  }
  const pdf = bookId ? await request(a.url, "GET", `/api/family-book/books/${bookId}/pdf`, { token: ada.token }) : { status: 0 };
  check(
    "a book asked for through nginx is made by the worker, ready on B, its PDF served by A",
    asked.status === 202 && status === "ready" && pdf.status === 200,
    `asked ${asked.status}, status ${status}, PDF ${pdf.status}`,
  );

  await withClient(databaseUrl, async (client) => {
    const schedules = (await client.query("SELECT name, count(*)::int AS n FROM pgboss.schedule GROUP BY name")).rows;
    check(
      "every schedule exists once (only the worker keeps them)",
      schedules.length > 0 && schedules.every((row) => row.n === 1),
      `${schedules.length} schedules`,
    );
    const doubled = (
      await client.query(
        "SELECT name, singleton_on, count(*)::int AS n FROM pgboss.job WHERE singleton_on IS NOT NULL GROUP BY name, singleton_on HAVING count(*) > 1",
      )
    ).rows;
    check(
      "no scheduled job was queued twice for the same time",
      doubled.length === 0,
      doubled.map((row) => `${row.name}@${row.singleton_on}×${row.n}`).join(", "),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// 2. Throughput

async function throughput(url, token) {
  const result = await autocannon({
    url: `${url}/api/memories/shared`,
    connections: 20,
    duration: BENCH_SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

// ---------------------------------------------------------------------------------------------
// 3. Load with B stopped part-way

async function loadWithAStop({ proxy, b, databaseUrl }) {
  console.log(
    `\n3. ${USERS} users for ${LOAD_SECONDS} s through nginx; B is taken out of rotation and stopped (SIGTERM) ${Math.round(LOAD_SECONDS * 0.4)} s in`,
  );
  const random = createRandom(Number(process.env.LOAD_SEED ?? Date.now() % 2_147_483_647) || 1);
  await proxy.reconfigure({ clientKeepAlive: false });
  const client = createMeasuredClient({ baseUrl: proxy.url, timeoutMs: REQUEST_TIMEOUT_MS });
  const users = await registerFamilies(client, USERS);
  const load = { client, random, users, photos: await makePhotos(random) };
  const stopAt = Date.now() + LOAD_SECONDS * 1000;
  client.markLoadStart();
  const running = Promise.all(users.map((user) => virtualUser(load, user, stopAt)));
  await sleep(LOAD_SECONDS * 400);
  // As a deployment stops an instance: out of nginx's rotation first, then SIGTERM, on which it
  // finishes what it holds. (SIGTERM alone loses no acknowledged write either, but a request that
  // nginx had just handed to B's listening socket as it closed gets nginx's 502, and a POST is
  // never passed on again: docs/decisions/031-scaling-out.md.)
  await proxy.reconfigure({ clientKeepAlive: false, down: [b.port] });
  const stoppedAt = Date.now();
  const exited = await b.stop();
  const drainedIn = Date.now() - stoppedAt;
  await running;
  check("B drained and exited 0 after SIGTERM", exited?.code === 0, `code ${exited?.code}, signal ${exited?.signal}, in ${(drainedIn / 1000).toFixed(1)} s`);
  check(
    "B said it was finishing the requests in hand",
    b.log.some((line) => line.includes("Family Book is stopping (SIGTERM)")),
  );

  const findings = createFindings();
  await mapLimited(users, 8, async (user) => {
    await verifyMemories(load, findings, user);
    await verifySubmissions(load, findings, user);
  });
  const families = [...new Set(users.map((user) => user.family))];
  await mapLimited(families, 8, (members) => verifyFamilyFeed(load, findings, members));

  const requests = [...client.stats.values()].reduce((sum, entry) => sum + entry.count, 0);
  check("no 5xx answer during the load", client.serverErrors.length === 0, client.serverErrors.slice(0, 5).join("; "));
  check("no request went unanswered during the load", client.networkErrors.length === 0, client.networkErrors.slice(0, 5).join("; "));
  check(
    "every acknowledged write is there, no refused one (through the API)",
    findings.problems.length === 0,
    findings.problems.slice(0, 5).join("; ") || `${findings.verified.memories} memories, ${findings.verified.submissions} answer sets`,
  );
  const acknowledgedIds = users.flatMap((user) => [...user.memories.keys()]);
  const stored = await withClient(
    databaseUrl,
    async (database) => (await database.query("SELECT count(*)::int AS n FROM memories WHERE id = ANY($1::uuid[])", [acknowledgedIds])).rows[0].n,
  );
  check(
    "every acknowledged memory is in the memories table",
    acknowledgedIds.length > 0 && stored === acknowledgedIds.length,
    `${stored} of ${acknowledgedIds.length}`,
  );
  const refusedSharing = users.flatMap((user) => user.unexpected);
  check("no sharing change was refused", refusedSharing.length === 0, refusedSharing.slice(0, 5).join("; "));
  console.log(`        ${requests} requests in ${LOAD_SECONDS} s`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(NGINX)) {
    console.error(`nginx is not installed (${NGINX}); apt-get install nginx`);
    process.exit(2);
  }
  if (!buildIsCurrent()) build();
  const cleanups = createCleanups();
  cleanups.runOnSignals(() => "Interrupted: stopping everything.");
  const runLimit = setTimeout(() => {
    console.error(`The scale test ran past ${RUN_LIMIT_MS / 60_000} minutes: stopping.`);
    void cleanups.run().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  let failedWith = null;
  try {
    const postgresUrl = process.env.CI_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
    const redisUrl = new URL(process.env.CI_REDIS_URL || "redis://127.0.0.1:6379");
    redisUrl.pathname = `/${REDIS_DATABASE}`;
    const emptyRedis = async () => {
      const redis = createClient({ url: redisUrl.toString() });
      await redis.connect();
      await redis.flushDb();
      await redis.quit();
    };
    await emptyRedis();
    cleanups.add(emptyRedis);
    const folder = cleanups.temporaryFolder("family-book-scale-");
    const database = await createThrowawayDatabase(postgresUrl, "scale");
    cleanups.add(() => database.drop());
    const s3 = await startS3Server({ bucket: "family-book-scale" });
    cleanups.add(() => s3.stop());

    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl.toString(),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      TRUST_PROXY_HOPS: "1",
    };
    console.log(`Starting A (migrates ${database.name}), then B and the worker, then nginx (${cpus().length} cores)...`);
    const started = (what, label) => {
      cleanups.add(() => what.stop());
      console.log(`  ${label} ready${what.port ? ` on ${what.port}` : ""}`);
      return what;
    };
    const webEnv = (name) => ({ ...shared, WORKERS: "false", DATA_DIR: path.join(folder, name) });
    const a = started(await startApp({ label: "instance A", port: await freePortIn(3400, 3449), env: webEnv("a"), logFile: path.join(folder, "a.log") }), "A");
    const [b, worker] = await Promise.all([
      startApp({ label: "instance B", port: await freePortIn(3450, 3499), env: webEnv("b"), logFile: path.join(folder, "b.log") }).then((app) =>
        started(app, "B"),
      ),
      startWorker({ label: "worker", env: { ...shared, DATA_DIR: path.join(folder, "worker") }, logFile: path.join(folder, "worker.log") }).then((app) =>
        started(app, "worker"),
      ),
    ]);
    const proxy = await startNginx({ folder: path.join(folder, "nginx"), port: await freePortIn(8400, 8499), upstreams: [a.port, b.port], cleanups });
    console.log(`  nginx ready on ${proxy.url}`);
    const photos = await makePhotos(createRandom(7));

    await checkSameBehaviour({ a, b, proxy, databaseUrl: database.url, photo: photos[0] });

    console.log(`\n2. Throughput of GET /api/memories/shared (20 connections, ${BENCH_SECONDS} s each)`);
    const reader = await register(a.url, "reader");
    const one = await throughput(a.url, reader.token);
    const two = await throughput(proxy.url, reader.token);
    for (const [label, measured] of /** @type {const} */ ([
      ["one instance (A, direct)", one],
      ["two instances behind nginx", two],
    ])) {
      console.log(`        ${label}: ${measured.perSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.errors} errors`);
    }
    check("the throughput runs had no errors", one.errors === 0 && two.errors === 0);

    await loadWithAStop({ proxy, b, databaseUrl: database.url });
    check("the worker is still running", worker.exited === null);
  } catch (error) {
    failedWith = error;
    console.error(error);
  } finally {
    await cleanups.run();
    clearTimeout(runLimit);
  }
  process.exit(checklist.report("Scale test", { crashed: failedWith }) ? 0 : 1);
}

await main();
