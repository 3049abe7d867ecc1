// npm run bench [-- --quick] [-- --no-lighthouse] [-- --only=api,lighthouse] [-- --pages=/family-book]
// [-- --rounds=3] [-- --pairs=5] [-- --external=postgres://…] [-- --no-external]: measures Family Book on this machine. --only runs some parts (api, pages, pdf,
// scripts, lighthouse, in-process, book-scale, memory); --pages limits Lighthouse to those pages; --rounds measures
// GET /api/memories/shared, the baseline and the bare route that many times, one after the other,
// to show the noise of a shared machine. A run of only some parts writes bench/results/, not
// docs/perf*.json. Every
// figure goes to docs/perf.json (on PostgreSQL) or docs/perf-embedded.json (on the embedded
// database), and the run's tables to bench/results/latest.md or latest-embedded.md (not
// committed) and the console; docs/perf.md, the committed account, is written by hand from them.
// On the embedded PostgreSQL by default (started in the run's data folder, as npm start runs it);
// on an external PostgreSQL when DATABASE_URL names a server (a throwaway database is created on
// it and dropped afterwards). The raw node:http + pg baseline and the bare Next.js route with the
// same queries share the app's database either way. On the embedded default, the same app on an
// external PostgreSQL (--external, else the machine's own at 127.0.0.1:5432 when it answers) is
// measured in the same run, on a copy of the same data.
import { execFile, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { canConnect, startEmbeddedDatabase } from "../bin/embedded-database.mjs";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { freePort, residentKb, startApp, startProcess } from "../scripts/lib/app-server.mjs";
import { copyTables, createThrowawayDatabase } from "../scripts/lib/databases.mjs";
import { api } from "./lib/api.mjs";
import { measureMemory, memoryTable } from "./memory.mjs";
import { BUDGET_PAGES, pageScripts } from "./page-scripts.mjs";
import { seedSyntheticFamily } from "./seed.mjs";

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const quick = process.argv.includes("--quick");
const skipLighthouse = process.argv.includes("--no-lighthouse");
const option = (name) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
const onlyParts = option("only")?.split(",");
/** Whether this run measures a part: api, pages, pdf, scripts, lighthouse or in-process. */
const want = (part) => (onlyParts ? onlyParts.includes(part) : part !== "lighthouse" || !skipLighthouse);
const lighthousePages = option("pages")?.split(",") ?? ["/", "/register", "/memories", "/family-book", "/questionnaires", "/family-dashboard"];
const rounds = Number(option("rounds") ?? 1);
/**
 * --pairs=N: GET /api/memories/shared on Family Book, the baseline, the bare Next.js route and (on
 * the embedded default) the same app on an external PostgreSQL, measured turn about N times, the
 * order rotating, so that the machine's drift over minutes falls on all of them alike.
 */
const pairs = Number(option("pairs") ?? (quick ? 2 : 5));
/** --cpu-prof=<folder>: the app under load writes a V8 CPU profile there when it stops. */
const cpuProfileDir = option("cpu-prof");
/** --variant-node-options="<flags>": a second instance of the app, started with those Node flags, measured in every round too. */
const variantNodeOptions = option("variant-node-options");
/** --keep-lighthouse=<folder>: every Lighthouse report is kept there, whole. */
const lighthouseReportDir = option("keep-lighthouse");
const serverUrl = process.env.DATABASE_URL;
const backend = serverUrl ? "postgresql" : "embedded";
/** The external PostgreSQL the embedded default is compared with, when it answers. */
const externalServerUrl =
  serverUrl || process.argv.includes("--no-external") ? undefined : (option("external") ?? "postgres://postgres@127.0.0.1:5432/postgres");
const seconds = quick ? 5 : 15;
// Every server gets the same unmeasured load first, so that the figures are of code the JIT has
// compiled (a cold Next.js server is a third slower for its first ten seconds here).
const warmUpSeconds = quick ? 2 : 5;
const lighthouseRuns = quick ? 1 : 3;
const authSecret = randomBytes(32).toString("base64url");
const figures = {
  machine: {},
  backend,
  quick,
  parts: onlyParts ?? "all",
  api: {},
  rounds: [],
  pairs: [],
  pairsSummary: null,
  baseline: null,
  bareRoute: null,
  bareStatic: null,
  external: null,
  pages: {},
  pdf: {},
  photoPipeline: {},
  search: null,
  memory: null,
  lighthouse: {},
  pageScripts: {},
};
const log = (...parts) => console.log("[bench]", ...parts);
const chromiumFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/** The built app as `npm start` starts it, with rate limits off; only what it writes to stderr is shown. */
function startBenchedApp(env, nodeArgs = []) {
  return startApp({
    label: "app",
    nodeArgs,
    env: { RATE_LIMIT_DISABLED: "true", AUTH_SECRET: authSecret, ...env },
    onLog: (line, stream) => {
      if (stream === "stderr") console.error(line);
    },
  });
}

async function register(base, firstName, inviteCode) {
  const email = `${firstName.toLowerCase()}.${randomBytes(4).toString("hex")}@bench.test`;
  return api(base, "/api/auth/register", { json: { first_name: firstName, last_name: "Bench", email, password: "benchmark secret", family_id: inviteCode } });
}

/** The code of the member's family's invite link: what relatives register with. */
async function inviteCode(base, token) {
  return (await api(base, "/api/family/invite", { token })).invite.code;
}

const photoBytes = (seed, width = 1200, height = 900) =>
  // @ts-expect-error -- sharp's types ask for a background even where noise fills the image
  sharp({ create: { width, height, channels: 3, noise: { type: "gaussian", mean: 90 + (seed % 80), sigma: 12 } } })
    .jpeg({ quality: 82 })
    .toBuffer();

async function createMemory(base, token, { title, date, shared, photos }) {
  const form = new FormData();
  form.append("title", title);
  form.append("content", `${title}. We still talk about it at every family dinner.\n\nEveryone remembers it a little differently.`);
  form.append("memory_date", date);
  form.append("is_shared", String(shared));
  for (const [index, bytes] of photos.entries()) form.append("photos", new File([new Uint8Array(bytes)], `photo-${index}.jpg`, { type: "image/jpeg" }));
  return (await api(base, "/api/memories", { token, form })).memory;
}

async function openDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  /** @type {(sql: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[] }>} */
  const query = (sql, params) => client.query(sql, params);
  return { exec: (sql) => client.query(sql), query, close: () => client.end() };
}

/**
 * @param {string} url
 * @param {{ token?: string, method?: string, body?: string, contentType?: string }} [options]
 */
async function autocannon(url, { token, method = "GET", body, contentType } = {}) {
  const load = (duration) => {
    const args = [path.join(root, "node_modules", "autocannon", "autocannon.js"), "-j", "-c", "32", "-d", String(duration), "-m", method];
    if (token) args.push("-H", `authorization=Bearer ${token}`);
    if (body) args.push("-H", `content-type=${contentType}`, "-b", body);
    args.push(url);
    return run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  };
  await load(warmUpSeconds);
  const { stdout } = await load(seconds);
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

async function timeToFirstByte(url, cookie, count = quick ? 10 : 30) {
  const samples = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    samples.push(performance.now() - started);
    await response.arrayBuffer();
  }
  samples.sort((a, b) => a - b);
  const at = (fraction) => Number(samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))].toFixed(1));
  return { p50Ms: at(0.5), p99Ms: at(0.99), samples: samples.length };
}

/** Lighthouse scores move by a few hundredths from run to run here: the median run is reported. */
async function lighthouse(url, cookie) {
  const runs = [];
  for (let index = 0; index < lighthouseRuns; index += 1) runs.push(await lighthouseOnce(url, cookie));
  runs.sort((a, b) => a.performance - b.performance);
  return { ...runs[Math.floor(runs.length / 2)], performanceRuns: runs.map((entry) => entry.performance) };
}

async function lighthouseOnce(url, cookie) {
  const output = path.join(tmpdir(), `lighthouse-${randomBytes(4).toString("hex")}.json`);
  const args = [
    path.join(root, "node_modules", "lighthouse", "cli", "index.js"),
    url,
    "--output=json",
    `--output-path=${output}`,
    "--quiet",
    "--only-categories=performance,accessibility",
    `--chrome-flags=${chromiumFlags}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  await run(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => {
    if (!existsSync(output)) throw error;
  });
  const report = JSON.parse(readFileSync(output, "utf8"));
  if (lighthouseReportDir) {
    mkdirSync(lighthouseReportDir, { recursive: true });
    writeFileSync(path.join(lighthouseReportDir, `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${Date.now()}.json`), JSON.stringify(report));
  }
  rmSync(output, { force: true });
  const scripts = (report.audits["network-requests"]?.details?.items ?? []).filter((item) => item.resourceType === "Script");
  const accessibilityFindings = report.categories.accessibility.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map(
      (audit) =>
        `${audit.id}: ${(audit.details?.items ?? [])
          .map((item) => item.node?.selector)
          .filter(Boolean)
          .slice(0, 3)
          .join(", ")}`,
    );
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
    cls: Number(report.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    jsTransferKb: Math.round(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024),
    jsUncompressedKb: Math.round(scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0) / 1024),
    accessibilityFindings,
  };
}

const ratio = (a, b) => Number((a / b).toFixed(2));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Number(((sorted[middle - 1] + sorted[middle]) / 2).toFixed(2));
};

/** What Family Book is held to against each contender (docs/perf.md, "Targets"). */
const TURN_ABOUT_TARGETS = {
  baseline: { throughput: 0.8, p99: 1.5 },
  bareRoute: { throughput: 0.9, p99: null },
  external: { throughput: 0.9, p99: 1.5 },
};

/**
 * GET /api/memories/shared on Family Book ("ours") and each contender, one load after the other,
 * `pairs` times, the order rotating: every ratio is of loads minutes apart at most, and the median
 * over the rounds is the figure.
 * @param {Record<string, string>} urls ours first, then the contenders by name
 */
async function measureTurnAbout(urls, token) {
  const names = Object.keys(urls);
  for (let index = 0; index < pairs; index += 1) {
    const order = names.map((_, position) => names[(position + index) % names.length]);
    /** @type {Record<string, any>} */
    const loads = {};
    for (const name of order) loads[name] = await autocannon(urls[name], { token });
    const ratios = Object.fromEntries(
      names
        .filter((name) => name !== "ours")
        .map((name) => [
          name,
          { throughput: ratio(loads.ours.requestsPerSecond, loads[name].requestsPerSecond), p99: ratio(loads.ours.p99Ms, loads[name].p99Ms) },
        ]),
    );
    const entry = { order, ...loads, ratios };
    figures.pairs.push(entry);
    log(`turn about ${index + 1}`, JSON.stringify(entry));
  }
  if (figures.pairs.length === 0) return;
  const against = {};
  for (const name of names.filter((each) => each !== "ours")) {
    const throughput = figures.pairs.map((entry) => entry.ratios[name].throughput);
    const p99 = figures.pairs.map((entry) => entry.ratios[name].p99);
    const target = TURN_ABOUT_TARGETS[name];
    against[name] = {
      medianRatio: median(throughput),
      minRatio: Math.min(...throughput),
      maxRatio: Math.max(...throughput),
      medianP99Ratio: median(p99),
      target,
      met: median(throughput) >= target.throughput && (target.p99 === null || median(p99) <= target.p99),
    };
  }
  figures.pairsSummary = { pairs: figures.pairs.length, against };
  log("turn about", JSON.stringify(figures.pairsSummary));
}

/**
 * The same app on an external PostgreSQL, on a copy of the benchmark's data: a throwaway database
 * there, migrated by the app's own start, then every row copied from the embedded database.
 */
async function startExternalTwin(env, sourceUrl) {
  const reachable = await canConnect(externalServerUrl);
  if (!reachable) {
    log(`no external PostgreSQL answers at ${externalServerUrl}: the embedded default is not compared with one in this run`);
    return null;
  }
  const database = await createThrowawayDatabase(externalServerUrl, "bench_external");
  // Run as the app is, background jobs included, with a data folder of its own: the feed signs its
  // photos' addresses and never reads the files, and the twin's jobs never touch the app's.
  const twinEnv = { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "family-book-bench-twin-")), DATABASE_URL: database.url, EMBEDDED_DATABASE: undefined };
  await (await startBenchedApp(twinEnv)).stop();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await copyTables(sourceUrl, { query: (sql, params) => client.query(sql, params), exec: (sql) => client.query(sql) }, { replace: true });
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
  const app = await startBenchedApp(twinEnv);
  return {
    url: app.url,
    async stop() {
      await app.stop();
      await database.drop();
      rmSync(twinEnv.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * bench/bare-next, built and started: /api/memories/shared runs the same queries through `pg` on
 * the app's database, /api/memories/shared-static answers Family Book's own JSON with no database.
 */
async function startBareNext(appBase, token, dataDir, databaseUrl) {
  const bareDir = path.join(root, "bench", "bare-next");
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  await run(process.execPath, [next, "build", bareDir], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, maxBuffer: 64 * 1024 * 1024 });
  const bodyFile = path.join(dataDir, "shared-memories.json");
  writeFileSync(bodyFile, await (await fetch(`${appBase}/api/memories/shared`, { headers: { authorization: `Bearer ${token}` } })).text());
  const port = await freePort();
  return startProcess({
    label: "bare Next.js app",
    args: [next, "start", bareDir, "-p", String(port), "-H", "127.0.0.1"],
    port,
    readyLine: "Ready in",
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      BENCH_SHARED_BODY: bodyFile,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_AUTH_SECRET: authSecret,
    },
  });
}

function multipartBody(fields) {
  const boundary = "----familybookbench";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  figures.machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    date: new Date().toISOString(),
  };
  if (!buildIsCurrent()) build();
  const dataDir = mkdtempSync(path.join(tmpdir(), "family-book-bench-"));
  const database = serverUrl ? await createThrowawayDatabase(serverUrl, "bench") : null;
  const embedded = serverUrl ? null : await startEmbeddedDatabase({ dataDirectory: dataDir, log: () => {} });
  const databaseUrl = database?.url ?? embedded.url;
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...(embedded ? { EMBEDDED_DATABASE: "1" } : {}) };
  try {
    // 1. Accounts, a few real photos through the real pipeline, and the PDF family's book.
    log(`seeding (${backend})...`);
    let app = await startBenchedApp(env);
    const founder = await register(app.url, "Member1");
    const members = [founder];
    const code = await inviteCode(app.url, founder.token);
    for (let index = 2; index <= 20; index += 1) members.push(await register(app.url, `Member${index}`, code));
    for (let index = 0; index < 10; index += 1) {
      await createMemory(app.url, founder.token, {
        title: `Photo source ${index}`,
        date: "2001-01-01",
        shared: false,
        photos: [await photoBytes(index, 1600, 1200)],
      });
    }
    const bookOwner = await register(app.url, "Bookkeeper");
    const pdfMemories = want("pdf") ? (quick ? 20 : 100) : 0;
    for (let index = 0; index < pdfMemories; index += 1) {
      await createMemory(app.url, bookOwner.token, {
        title: `Chapter of life ${index + 1}`,
        date: `${1950 + (index % 70)}-0${1 + (index % 9)}-1${index % 9}`,
        shared: true,
        photos: [await photoBytes(index * 2), await photoBytes(index * 2 + 1)],
      });
    }
    const library = (await api(app.url, "/api/questionnaires", { token: founder.token })).questionnaires.filter((item) => item.audience === "GLOBAL");
    const questionnaires = [];
    for (const questionnaire of library.slice(0, 3)) {
      const questions = (await api(app.url, `/api/questionnaires/${questionnaire.id}/questions`, { token: founder.token })).questions;
      questionnaires.push({ id: questionnaire.id, questionIds: questions.map((question) => question.id) });
    }
    await app.stop();

    const db = await openDatabase(databaseUrl);
    const keys = (
      await db.query(
        `SELECT original_key, display_key, thumbnail_key FROM memory_photos p JOIN memories m ON m.id = p.memory_id WHERE m.title LIKE 'Photo source%'`,
      )
    ).rows;
    await seedSyntheticFamily(db, {
      familyId: founder.user.family_id,
      memberIds: members.map((member) => member.user.id),
      memories: quick ? 2_000 : 10_000,
      photoShare: 0.2,
      photoKeys: keys.map((row) => ({ original: row.original_key, display: row.display_key, thumbnail: row.thumbnail_key })),
      submissions: quick ? 400 : 2_000,
      questionnaires,
    });
    await db.exec("ANALYZE");
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM memories)::int AS memories, (SELECT count(*) FROM memory_photos)::int AS photos, (SELECT count(*) FROM submissions)::int AS submissions, (SELECT count(*) FROM memories WHERE is_shared)::int AS shared`,
      )
    ).rows[0];
    figures.dataset = counts;
    await db.close();
    log("dataset", counts);

    // 2. The API under load, one endpoint at a time, from a separate process. A bare Next.js app of
    // the same version runs beside it: one route handler runs the same queries through `pg` (what
    // any Next.js app pays for this endpoint), another answers the same JSON with no database (the
    // framework's floor), and its page is Lighthouse's baseline below.
    app = await startBenchedApp(env, cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : []);
    const bare = want("api") || want("lighthouse") || want("scripts") ? await startBareNext(app.url, members[1].token, dataDir, databaseUrl) : null;
    const token = members[1].token;
    if (want("api")) {
      // A profile is of the shared feed alone.
      for (const pathname of cpuProfileDir ? ["/api/memories/shared"] : ["/api/memories/shared", "/api/memories", "/api/questionnaires/submissions/shared"]) {
        await fetch(`${app.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
        figures.api[`GET ${pathname}`] = await autocannon(`${app.url}${pathname}`, { token });
        log(`GET ${pathname}`, figures.api[`GET ${pathname}`]);
      }
      if (!cpuProfileDir) {
        const post = multipartBody({ title: "Benchmark memory", content: "Written under load.", memory_date: "2020-02-02", is_shared: "false" });
        figures.api["POST /api/memories"] = await autocannon(`${app.url}/api/memories`, { token, method: "POST", ...post });
        log("POST /api/memories", figures.api["POST /api/memories"]);
      }

      // The contenders answer the same first page: the same JSON as ours, signed URLs aside.
      const answerAt = async (url) => {
        const text = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
        return text.replace(/\?expires=\d+&signature=[\w-]+/g, "");
      };
      const ourAnswer = await answerAt(`${app.url}/api/memories/shared`);
      const port = await freePort();
      const baselineProcess = fork(path.join(root, "bench", "baseline-server.mjs"), [databaseUrl, String(port), authSecret], { stdio: "ignore" });
      await new Promise((resolve) => baselineProcess.once("message", resolve));
      const baselineUrl = `http://127.0.0.1:${port}/api/memories/shared`;
      figures.baseline = { ...(await autocannon(baselineUrl, { token })), sameAnswer: (await answerAt(baselineUrl)) === ourAnswer };
      figures.baseline.ratio = ratio(figures.api["GET /api/memories/shared"].requestsPerSecond, figures.baseline.requestsPerSecond);
      log("baseline", figures.baseline);
      figures.bareRoute = {
        ...(await autocannon(`${bare.url}/api/memories/shared`, { token })),
        sameAnswer: (await answerAt(`${bare.url}/api/memories/shared`)) === ourAnswer,
      };
      log("bare Next.js route handler, same queries", figures.bareRoute);
      figures.bareStatic = await autocannon(`${bare.url}/api/memories/shared-static`, { token });
      log("bare Next.js route handler, same JSON, no database", figures.bareStatic);
      const external = externalServerUrl ? await startExternalTwin(env, databaseUrl) : null;
      if (external) {
        figures.external = {
          ...(await autocannon(`${external.url}/api/memories/shared`, { token })),
          sameAnswer: (await answerAt(`${external.url}/api/memories/shared`)) === ourAnswer,
        };
        log("the same app on the external PostgreSQL", figures.external);
      }
      await measureTurnAbout(
        {
          ours: `${app.url}/api/memories/shared`,
          baseline: baselineUrl,
          bareRoute: `${bare.url}/api/memories/shared`,
          ...(external ? { external: `${external.url}/api/memories/shared` } : {}),
        },
        token,
      );
      await external?.stop();
      // Further rounds of the three, one after the other, on the same servers.
      const variant = variantNodeOptions && rounds > 1 ? await startBenchedApp({ ...env, NODE_OPTIONS: variantNodeOptions }) : null;
      for (let round = 2; round <= rounds; round += 1) {
        const entry = { ours: await autocannon(`${app.url}/api/memories/shared`, { token }) };
        entry.baseline = await autocannon(baselineUrl, { token });
        entry.bareRoute = await autocannon(`${bare.url}/api/memories/shared`, { token });
        if (variant) entry.variant = { nodeOptions: variantNodeOptions, ...(await autocannon(`${variant.url}/api/memories/shared`, { token })) };
        entry.ratio = ratio(entry.ours.requestsPerSecond, entry.baseline.requestsPerSecond);
        figures.rounds.push(entry);
        log(`round ${round}`, JSON.stringify(entry));
      }
      baselineProcess.kill();
      await variant?.stop();
    }

    // 3. Server-rendered pages.
    const cookie = `fb_session=${token}`;
    for (const page of want("pages") ? ["/family-book", "/memories"] : []) {
      figures.pages[page] = await timeToFirstByte(`${app.url}${page}`, cookie);
      log(page, figures.pages[page]);
    }

    // 4. The PDF book: time and the server's resident memory while it is made.
    if (want("pdf")) {
      const before = residentKb(app.child.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, residentKb(app.child.pid))), 50);
      const started = performance.now();
      const pdf = await fetch(`${app.url}/api/family-book/pdf`, { headers: { authorization: `Bearer ${bookOwner.token}` } });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      figures.pdf = {
        memories: pdfMemories,
        photos: pdfMemories * 2,
        status: pdf.status,
        seconds: Number((elapsed / 1000).toFixed(2)),
        megabytes: Number((bytes.length / 1024 ** 2).toFixed(1)),
        serverRssBeforeMb: Math.round(before / 1024),
        serverRssPeakMb: Math.round(peak / 1024),
        rssGrowthMb: Math.round((peak - before) / 1024),
      };
      log("pdf", figures.pdf);
    }

    // 5. Every page's JavaScript (bench/page-scripts.mjs), then Lighthouse, mobile emulation, both
    // against a bare Next.js page of the same version.
    for (const page of want("scripts") ? BUDGET_PAGES : [])
      figures.pageScripts[page] = await pageScripts(`${app.url}${page}`, page === "/register" ? undefined : cookie);
    log("page scripts", figures.pageScripts);
    if (want("lighthouse")) {
      for (const page of lighthousePages) {
        // The sign-in page is seen signed out (signed in, it sends the member on to the dashboard).
        figures.lighthouse[page] = await lighthouse(`${app.url}${page}`, page === "/register" ? undefined : cookie);
        log("lighthouse", page, figures.lighthouse[page]);
      }
    }
    await app.stop();

    if (want("lighthouse")) {
      figures.lighthouse["bare Next.js page"] = await lighthouse(`${bare.url}/`);
      log("lighthouse bare", figures.lighthouse["bare Next.js page"]);
    }
    if (want("scripts")) figures.pageScripts["bare Next.js page"] = await pageScripts(`${bare.url}/`);
    await bare?.stop();

    // 6. The photo pipeline and search on a family of 10,000 memories, in process.
    if (want("in-process")) {
      const output = path.join(dataDir, "photo-pipeline.json");
      const searchOutput = path.join(dataDir, "search.json");
      await run(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "bench/vitest.config.mts"], {
        cwd: root,
        env: { ...process.env, BENCH_OUTPUT: output, BENCH_SEARCH_OUTPUT: searchOutput, BENCH_DATABASE_URL: databaseUrl, BENCH_BACKEND: backend },
        maxBuffer: 64 * 1024 * 1024,
      });
      figures.photoPipeline = JSON.parse(readFileSync(output, "utf8"));
      log("photo pipeline median ms", figures.photoPipeline.medianMs);
      figures.search = JSON.parse(readFileSync(searchOutput, "utf8"));
      log("search p95 ms", figures.search.p95Ms);
    }
    // 7. The book of a big family, made by the book job (bench/book-scale.mjs).
    if (want("book-scale")) figures.bookScale = await (await import("./book-scale.mjs")).runBookScale({ memories: quick ? 200 : 1000 });
    // 8. The server's resident memory: fresh, after 1,000 photo uploads, under load in 1 GB (bench/memory.mjs).
    if (want("memory")) figures.memory = await measureMemory({ quick });
  } finally {
    await database?.drop();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeReport();
}

const CONTENDERS = { ours: "Family Book", baseline: "raw baseline", bareRoute: "bare Next.js route", external: "same app, external PostgreSQL" };

/** The turn-about rounds and, against each contender, the median ratios and the target. */
function turnAboutReport(row) {
  const names = Object.keys(figures.pairs[0]).filter((name) => name in CONTENDERS);
  const others = names.filter((name) => name !== "ours");
  return [
    "",
    row([
      "GET /api/memories/shared, turn about",
      "order",
      ...names.map((name) => `${CONTENDERS[name]} req/s (p99 ms)`),
      ...others.map((name) => `ratio to ${CONTENDERS[name]} (p99)`),
    ]),
    row(["---", "---", ...names.map(() => "---"), ...others.map(() => "---")]),
    ...figures.pairs.map((entry, index) =>
      row([
        `round ${index + 1}`,
        entry.order.map((name) => CONTENDERS[name]).join(", "),
        ...names.map((name) => `${entry[name].requestsPerSecond} (${entry[name].p99Ms})`),
        ...others.map((name) => `${entry.ratios[name].throughput} (${entry.ratios[name].p99})`),
      ]),
    ),
    "",
    ...others.map((name) => {
      const summary = figures.pairsSummary.against[name];
      const p99Target = summary.target.p99 === null ? "" : `, p99 ≤ ${summary.target.p99}×`;
      return `- Against the ${CONTENDERS[name]} (median of ${figures.pairsSummary.pairs} rounds): throughput **${summary.medianRatio}×** (${summary.minRatio}–${summary.maxRatio}), p99 **${summary.medianP99Ratio}×**; target ≥ ${summary.target.throughput}×${p99Target}: ${summary.met ? "met" : "not met"}.`;
    }),
  ];
}

function writeReport() {
  mkdirSync(path.join(root, "docs"), { recursive: true });
  const suffix = backend === "postgresql" ? "" : "-embedded";
  if (!onlyParts) writeFileSync(path.join(root, "docs", `perf${suffix}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  const row = (cells) => `| ${cells.join(" | ")} |`;
  const lines = [
    `## Run of ${figures.machine.date.slice(0, 10)} on ${backend === "postgresql" ? "PostgreSQL" : "the embedded PostgreSQL"}${quick ? " (quick)" : ""}`,
    "",
    `Machine: ${figures.machine.cpus} cores (${figures.machine.model}), ${figures.machine.memoryGb} GB, Node ${figures.machine.node}. Load: 32 connections, ${seconds} s per endpoint after ${warmUpSeconds} s of warm-up, autocannon in its own process.`,
    `Dataset: ${figures.dataset.memories} memories (${figures.dataset.shared} shared), ${figures.dataset.photos} photos, ${figures.dataset.submissions} submissions, 20 members in one family.`,
    "",
    row(["Endpoint", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx"]),
    row(["---", "---", "---", "---", "---", "---"]),
    ...Object.entries(figures.api).map(([name, value]) => row([name, value.requestsPerSecond, value.p50Ms, value.p99Ms, value.errors, value.non2xx])),
    ...(figures.baseline
      ? [
          row([
            "baseline node:http + pg, GET shared memories",
            figures.baseline.requestsPerSecond,
            figures.baseline.p50Ms,
            figures.baseline.p99Ms,
            figures.baseline.errors,
            figures.baseline.non2xx,
          ]),
        ]
      : []),
    ...[
      ["bare Next.js route handler, same queries through pg", figures.bareRoute],
      ["bare Next.js route handler, same JSON, no database", figures.bareStatic],
      ["the same app on the external PostgreSQL", figures.external],
    ]
      .filter(([, value]) => value)
      .map(([name, value]) => row([name, value.requestsPerSecond, value.p50Ms, value.p99Ms, value.errors, value.non2xx])),
    "",
    ...(figures.rounds.length > 0
      ? [
          "",
          row(["Further rounds of GET /api/memories/shared", "ours req/s (p99 ms)", "baseline req/s (p99 ms)", "bare route req/s (p99 ms)", "ratio"]),
          row(["---", "---", "---", "---", "---"]),
          ...figures.rounds.map((entry, index) =>
            row([
              `round ${index + 2}`,
              `${entry.ours.requestsPerSecond} (${entry.ours.p99Ms})`,
              entry.baseline ? `${entry.baseline.requestsPerSecond} (${entry.baseline.p99Ms})` : "—",
              `${entry.bareRoute.requestsPerSecond} (${entry.bareRoute.p99Ms})`,
              entry.ratio ?? "—",
            ]),
          ),
        ]
      : []),
    ...(figures.pairsSummary ? turnAboutReport(row) : []),
    "",
    figures.baseline
      ? `Throughput ratio to the baseline: **${figures.baseline.ratio}×** (same answer, signed URLs aside: ${figures.baseline.sameAnswer}).`
      : "Baseline: runs only with DATABASE_URL (it shares the app's PostgreSQL database).",
    "",
    row(["Server-rendered page", "TTFB p50 ms", "TTFB p99 ms"]),
    row(["---", "---", "---"]),
    ...Object.entries(figures.pages).map(([name, value]) => row([name, value.p50Ms, value.p99Ms])),
    "",
    figures.pdf.seconds === undefined
      ? "PDF book: not measured."
      : `PDF book: ${figures.pdf.memories} memories, ${figures.pdf.photos} photos → ${figures.pdf.megabytes} MB in **${figures.pdf.seconds} s**; server resident memory ${figures.pdf.serverRssBeforeMb} MB before, ${figures.pdf.serverRssPeakMb} MB at peak (+${figures.pdf.rssGrowthMb} MB).`,
    "",
    figures.photoPipeline.medianMs === undefined
      ? "Photo pipeline: not measured."
      : `Photo pipeline: a ${figures.photoPipeline.width}×${figures.photoPipeline.height} JPEG of ${(figures.photoPipeline.inputBytes / 1024 ** 2).toFixed(1)} MB to its stored variants, median of 10: **${Math.round(figures.photoPipeline.medianMs)} ms**` +
        (figures.photoPipeline.turned
          ? `; the same photo taken turned (EXIF orientation 6, re-encoded upright): ${Math.round(figures.photoPipeline.turned.medianMs)} ms.`
          : "."),
    "",
    ...(Object.keys(figures.pageScripts).length > 0
      ? [
          row(["Page JavaScript (bench/page-scripts.mjs)", "scripts", "gzip kB", "raw kB", "× bare page"]),
          row(["---", "---", "---", "---", "---"]),
          ...Object.entries(figures.pageScripts).map(([name, value]) =>
            row([name, value.scripts, value.gzipKb, value.rawKb, (value.gzipKb / figures.pageScripts["bare Next.js page"].gzipKb).toFixed(2)]),
          ),
          "",
        ]
      : []),
    figures.search
      ? `Search: ${figures.search.memories} memories in the viewer's family (${figures.search.answers} answers, ${figures.search.otherFamilyMemories} memories of another family), ${Object.keys(figures.search.perQuery).length} queries × ${figures.search.runsPerQuery} runs in process: p50 **${figures.search.p50Ms} ms**, p95 **${figures.search.p95Ms} ms**, slowest ${figures.search.maxMs} ms.`
      : "Search: not measured.",
    "",
    ...(figures.memory ? [memoryTable(figures.memory), ""] : []),
    ...(Object.keys(figures.lighthouse).length > 0
      ? [
          row([
            `Lighthouse (mobile, median of ${lighthouseRuns})`,
            "performance (runs)",
            "accessibility",
            "LCP ms",
            "TBT ms",
            "CLS",
            "JS transfer kB",
            "JS uncompressed kB",
          ]),
          row(["---", "---", "---", "---", "---", "---", "---", "---"]),
          ...Object.entries(figures.lighthouse).map(([name, value]) =>
            row([
              name,
              `${value.performance} (${value.performanceRuns.join(", ")})`,
              value.accessibility,
              value.lcpMs,
              value.tbtMs,
              value.cls,
              value.jsTransferKb,
              value.jsUncompressedKb,
            ]),
          ),
        ]
      : []),
    "",
  ];
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", `latest${suffix}.md`), lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
