// node bench/memory.mjs [--quick] [--uploads N] [--users N] [--duration S] [--idle S] [--no-limit] [--no-postgres]
// (also run by `npm run bench`): Family Book's memory, sampled from /proc as the proportional set
// size (PSS: a page shared by several processes counts a share in each) of the whole process tree
// that `npm start` runs — on the embedded default the start script, the server and the embedded
// PostgreSQL's processes together, each also reported on its own — or of the server alone on an
// external PostgreSQL.
//   1. A fresh `npm start` on the embedded database, and a fresh server on PostgreSQL (a throwaway database on
//      DATABASE_URL, or on postgres://postgres@127.0.0.1:5432/postgres when it answers): resident
//      memory when it is ready, its high-water mark while starting, and after a minute idle.
//   2. 1,000 photos through the real upload API (POST /api/memories, five to a memory, four
//      requests at a time): camera-size JPEGs (4000×3000), some turned by their EXIF orientation,
//      some PNGs. The peak while they are processed, then resident memory each 5 s for a minute
//      idle; then one PDF book of all of them, its peak and where it settles.
//   3. The 200-user load test (scripts/load-test.mjs) with the server inside a 1 GB memory cgroup
//      when this machine lets one be made (cgroup v2 memory.max, or v1 memory.limit_in_bytes): the
//      server's peak resident memory, the cgroup's peak charge, and whether the kernel's OOM killer
//      fired (it must not, and the load test must pass: nothing lost).
// Prints a table and writes bench/results/memory.json (not committed); docs/perf.md "Memory" is
// written by hand from it.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { canConnect } from "../bin/embedded-database.mjs";
import { build, buildIsCurrent } from "../bin/start.mjs";
import { residentKb, startApp, startWithStartScript } from "../scripts/lib/app-server.mjs";
import { createThrowawayDatabase } from "../scripts/lib/databases.mjs";
import { mapLimited } from "../scripts/lib/map-limited.mjs";
import { api } from "./lib/api.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const log = (...parts) => console.log("[memory]", ...parts);
const mb = (kb) => Math.round(kb / 1024);
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
export const MEMORY_LIMIT_BYTES = 1024 ** 3;

// ---- /proc ----------------------------------------------------------------------------------

/** The process and every process below it. */
function processTree(pid) {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    try {
      for (const task of readdirSync(`/proc/${pids[index]}/task`)) {
        const children = readFileSync(`/proc/${pids[index]}/task/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Proportional set size of a process in kB (smaps_rollup), 0 once it is gone. */
function pssKb(pid) {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** PSS kB of a process and its children. */
export function treePssKb(pid) {
  return processTree(pid).reduce((sum, each) => sum + pssKb(each), 0);
}

/** The server process: Next.js names itself "next-server" once it runs, before that its entry is on its command line. */
const isServer = (pid) => {
  try {
    return (
      readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("next-server") || readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("family-book-server.mjs")
    );
  } catch {
    return false;
  }
};

/**
 * The tree's PSS in MB, whole and by part: the server, PostgreSQL's processes (the embedded
 * database's, below the start script), and the start script (the root, when it is not the server).
 */
function memoryParts(pid) {
  const parts = { startScript: 0, server: 0, database: 0 };
  for (const each of processTree(pid)) {
    const kb = pssKb(each);
    if (isServer(each)) parts.server += kb;
    else if (each === pid) parts.startScript += kb;
    else parts.database += kb;
  }
  return {
    totalMb: mb(parts.startScript + parts.server + parts.database),
    startScriptMb: mb(parts.startScript),
    serverMb: mb(parts.server),
    databaseMb: mb(parts.database),
  };
}

/** Samples a process tree's resident memory every `everyMs` until stopped; resolves { peakKb, samples }. */
function sampler(pidOf, everyMs = 100) {
  let peakKb = 0;
  const timer = setInterval(() => {
    const pid = pidOf();
    if (pid) peakKb = Math.max(peakKb, treePssKb(pid));
  }, everyMs);
  return {
    get peakKb() {
      return peakKb;
    },
    stop() {
      clearInterval(timer);
      return peakKb;
    },
  };
}

/** The tree's PSS every 5 s for `seconds`; the last is where it settled, with its parts. */
async function idleCurve(pid, seconds) {
  const curve = [];
  for (let elapsed = 0; elapsed <= seconds; elapsed += 5) {
    if (elapsed) await sleep(5_000);
    curve.push(mb(treePssKb(pid)));
  }
  return { curveMb: curve, settledMb: curve.at(-1), settledParts: memoryParts(pid) };
}

// ---- The app ----------------------------------------------------------------------------------

const authSecret = randomBytes(32).toString("base64url");

/** `npm start` itself on the embedded default (the start script and its PostgreSQL), the server alone on an external PostgreSQL. */
function startMeasuredApp(env) {
  return (env.DATABASE_URL ? startApp : startWithStartScript)({
    label: "app",
    env: { RATE_LIMIT_DISABLED: "true", AUTH_SECRET: authSecret, ...env },
    onLog: (line, stream) => {
      if (stream === "stderr") console.error(line);
    },
  });
}

/** A server with nothing in it: resident memory when ready, the start-up high-water mark, and after `idleSeconds`. */
async function freshServer(env, idleSeconds) {
  const app = await startMeasuredApp(env);
  try {
    const ready = memoryParts(app.child.pid);
    const server = processTree(app.child.pid).find(isServer) ?? app.child.pid;
    const startPeakMb = mb(residentKb(server, "VmHWM"));
    const idle = await idleCurve(app.child.pid, idleSeconds);
    return { readyMb: ready.totalMb, ready, startPeakMb, idleMb: idle.settledMb, idle: idle.settledParts, idleCurveMb: idle.curveMb };
  } finally {
    await app.stop();
  }
}

// ---- Camera-size photos -----------------------------------------------------------------------

/**
 * Photos like a phone's: 4000×3000 JPEGs of smooth colour with fine grain (2.5–4 MB each), two
 * of them turned by their EXIF orientation (6 and 8), and PNGs (a screenshot-like 2000×1500).
 */
export async function cameraPhotos() {
  const photos = [];
  const grain = (seed, width, height) => {
    const cells = Buffer.alloc(40 * 30 * 3);
    for (let index = 0; index < cells.length; index += 1) cells[index] = (index * 7919 + seed * 104_729) % 251;
    return sharp(cells, { raw: { width: 40, height: 30, channels: 3 } }).resize(width, height, { kernel: "cubic" });
  };
  for (const [index, orientation] of [1, 1, 6, 8, 1, 3].entries()) {
    const smooth = await grain(index + 1, 4000, 3000)
      .raw()
      .toBuffer();
    const bytes = await sharp(smooth, { raw: { width: 4000, height: 3000, channels: 3 } })
      // @ts-expect-error -- sharp's types ask for a background even where noise fills the image
      .composite([{ input: { create: { width: 4000, height: 3000, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 6 } } }, blend: "overlay" }])
      .jpeg({ quality: 88 })
      .withMetadata({ orientation })
      .toBuffer();
    photos.push({ name: `camera-${index + 1}.jpg`, type: "image/jpeg", bytes });
  }
  for (const index of [1, 2]) {
    const bytes = await grain(index + 10, 2000, 1500)
      .png({ compressionLevel: 6 })
      .toBuffer();
    photos.push({ name: `screenshot-${index}.png`, type: "image/png", bytes });
  }
  return photos;
}

/** `count` photos through POST /api/memories, five to a memory, `parallel` requests at a time. */
async function uploadPhotos(base, token, photos, count, parallel = 4) {
  const memories = Math.ceil(count / 5);
  let uploaded = 0;
  await mapLimited(
    Array.from({ length: memories }, (_, index) => index),
    parallel,
    async (index) => {
      const form = new FormData();
      form.append("title", `Holiday roll ${index + 1}`);
      form.append("content", "Every picture from the day, as the camera took them.");
      form.append("memory_date", `${1990 + (index % 30)}-0${1 + (index % 9)}-1${index % 9}`);
      form.append("is_shared", "true");
      const inThisOne = Math.min(5, count - index * 5);
      for (let photo = 0; photo < inThisOne; photo += 1) {
        const source = photos[(index * 5 + photo) % photos.length];
        form.append("photos", new File([new Uint8Array(source.bytes)], source.name, { type: source.type }));
      }
      await api(base, "/api/memories", { token, form });
      uploaded += inThisOne;
      if (uploaded % 100 === 0) log(`  ${uploaded} photos uploaded`);
    },
  );
  return uploaded;
}

async function uploadsAndBook(env, { uploads, idleSeconds }) {
  const photos = await cameraPhotos();
  log(`photos: ${photos.map((photo) => `${photo.name} ${(photo.bytes.length / 1024 ** 2).toFixed(1)} MB`).join(", ")}`);
  const app = await startMeasuredApp(env);
  try {
    const pid = app.child.pid;
    const email = `uploader.${randomBytes(4).toString("hex")}@bench.test`;
    const { token } = await api(app.url, "/api/auth/register", { json: { first_name: "Uploader", last_name: "Bench", email, password: "benchmark secret" } });
    const beforeMb = mb(treePssKb(pid));
    const peak = sampler(() => pid);
    const started = performance.now();
    const uploaded = await uploadPhotos(app.url, token, photos, uploads);
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const peakMb = mb(peak.stop());
    const idle = await idleCurve(pid, idleSeconds);
    const result = { photos: uploaded, seconds, beforeMb, peakMb, settledMb: idle.settledMb, settled: idle.settledParts, idleCurveMb: idle.curveMb };
    log("uploads", result);

    const bookPeak = sampler(() => pid);
    const response = await fetch(`${app.url}/api/family-book/pdf`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const bookIdle = await idleCurve(pid, idleSeconds);
    result.book = {
      status: response.status,
      megabytes: Number((bytes.length / 1024 ** 2).toFixed(1)),
      peakMb: mb(bookPeak.stop()),
      settledMb: bookIdle.settledMb,
      settled: bookIdle.settledParts,
      idleCurveMb: bookIdle.curveMb,
    };
    log("book", result.book);
    result.serverHighWaterMb = mb(residentKb(processTree(pid).find(isServer) ?? pid, "VmHWM"));
    return result;
  } finally {
    await app.stop();
  }
}

// ---- A memory limit -----------------------------------------------------------------------------

/**
 * A memory cgroup of `bytes` for the server, or null with the reason when this machine does not
 * allow one: cgroup v2 (memory.max, memory.peak, memory.events) or v1 (memory.limit_in_bytes,
 * memory.max_usage_in_bytes, memory.oom_control), made under the cgroup this process runs in.
 */
export function createMemoryCgroup(bytes, name = `family-book-memory-${process.pid}`) {
  const own = readFileSync("/proc/self/cgroup", "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split(":"));
  const v2 = own.find(([id]) => id === "0");
  const v1 = own.find(([, controllers]) => controllers.split(",").includes("memory"));
  const attempts = [];
  if (v2 && existsSync("/sys/fs/cgroup/cgroup.controllers") && readFileSync("/sys/fs/cgroup/cgroup.controllers", "utf8").includes("memory")) {
    attempts.push({ version: 2, directory: path.join("/sys/fs/cgroup", v2[2], name), limitFile: "memory.max" });
  }
  if (v1) attempts.push({ version: 1, directory: path.join("/sys/fs/cgroup/memory", v1[2], name), limitFile: "memory.limit_in_bytes" });
  const reasons = [];
  for (const attempt of attempts) {
    try {
      mkdirSync(attempt.directory);
      writeFileSync(path.join(attempt.directory, attempt.limitFile), String(bytes));
      return {
        ...attempt,
        limitBytes: Number(readFileSync(path.join(attempt.directory, attempt.limitFile), "utf8")),
        /** The highest charge so far, in bytes. */
        peakBytes() {
          const file = attempt.version === 2 ? "memory.peak" : "memory.max_usage_in_bytes";
          return existsSync(path.join(attempt.directory, file)) ? Number(readFileSync(path.join(attempt.directory, file), "utf8")) : null;
        },
        /** How many processes the kernel's OOM killer ended in it. */
        oomKills() {
          const text = readFileSync(path.join(attempt.directory, attempt.version === 2 ? "memory.events" : "memory.oom_control"), "utf8");
          return Number(/oom_kill (\d+)/.exec(text)?.[1] ?? 0);
        },
        remove() {
          try {
            rmdirSync(attempt.directory);
          } catch {
            // Still has a process in it; the kernel removes nothing, the next run makes its own.
          }
        },
      };
    } catch (error) {
      reasons.push(`cgroup v${attempt.version} at ${attempt.directory}: ${error.message}`);
      try {
        rmdirSync(attempt.directory);
      } catch {
        // Never made.
      }
    }
  }
  return { unavailable: reasons.length ? reasons.join("; ") : "no memory cgroup controller is mounted" };
}

/** The load test as a child process; the server it starts is sampled, inside `cgroup` when given. */
async function loadTest({ users, duration, cgroup, env }) {
  const args = [path.join(root, "scripts", "load-test.mjs"), "--users", String(users), "--duration", String(duration)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, ...(cgroup ? { FAMILY_BOOK_SERVER_CGROUP: cgroup.directory } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const serverPid = () => processTree(child.pid).find(isServer);
  let server;
  const peak = sampler(() => (server ??= serverPid()), 100);
  const code = await new Promise((resolve) => child.once("exit", (exitCode, signal) => resolve(exitCode ?? signal)));
  const peakMb = mb(peak.stop());
  const passed = code === 0 && output.includes("Load test passed");
  const summary = output
    .split("\n")
    .filter((line) => /requests|Load test|5xx|lost|killed|exited|FAILED|POST .*(memories|photo|upload)/i.test(line))
    .slice(-14);
  return { users, duration, exitCode: code, passed, serverPeakMb: peakMb, summary, output: passed ? undefined : output.slice(-4000) };
}

// ---- The run ----------------------------------------------------------------------------------

/** @param {{ quick?: boolean, uploads?: number, users?: number, duration?: number, idleSeconds?: number, limit?: boolean, postgres?: boolean }} [options] */
export async function measureMemory({ quick = false, uploads, users, duration, idleSeconds, limit = true, postgres = true } = {}) {
  uploads ??= quick ? 100 : 1_000;
  users ??= quick ? 40 : 200;
  duration ??= quick ? 10 : 60;
  idleSeconds ??= quick ? 10 : 60;
  if (!buildIsCurrent()) build();
  const figures = { date: new Date().toISOString(), quick, fresh: {}, uploads: null, load: null };
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-memory-"));
  // Passable for the embedded PostgreSQL's own user (as root it runs as "postgres"), as npm start's data folder's parent would be.
  chmodSync(dataDirectory, 0o711);
  const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  try {
    log("fresh server, embedded database...");
    figures.fresh.embedded = await freshServer({ DATA_DIR: path.join(dataDirectory, "fresh") }, idleSeconds);
    log("fresh embedded", figures.fresh.embedded);
    if (postgres && (await canConnect(postgresUrl))) {
      const database = await createThrowawayDatabase(postgresUrl, "memory");
      try {
        log("fresh server, PostgreSQL...");
        figures.fresh.postgresql = await freshServer({ DATA_DIR: path.join(dataDirectory, "fresh-pg"), DATABASE_URL: database.url }, idleSeconds);
        log("fresh postgresql", figures.fresh.postgresql);
      } finally {
        await database.drop();
      }
    } else {
      log(
        postgres
          ? `PostgreSQL at ${postgresUrl} does not answer: measured on the embedded database only`
          : "--no-postgres: measured on the embedded database only",
      );
    }

    log(`${uploads} photo uploads, embedded database...`);
    figures.uploads = await uploadsAndBook({ DATA_DIR: path.join(dataDirectory, "uploads") }, { uploads, idleSeconds });

    const cgroup = limit ? createMemoryCgroup(MEMORY_LIMIT_BYTES) : { unavailable: "--no-limit" };
    const limited = "limitBytes" in cgroup ? cgroup : null;
    figures.load = {
      limit: limited ? { cgroupVersion: limited.version, limitMb: Math.round(limited.limitBytes / 1024 ** 2) } : { unavailable: cgroup.unavailable },
    };
    try {
      log(
        `load test, ${users} users for ${duration} s${limited ? `, server inside a ${figures.load.limit.limitMb} MB cgroup (v${limited.version})` : ` (no memory limit: ${cgroup.unavailable})`}...`,
      );
      Object.assign(figures.load, await loadTest({ users, duration, cgroup: limited, env: {} }));
      if (limited) {
        figures.load.limit.peakChargeMb = Math.round((limited.peakBytes() ?? 0) / 1024 ** 2);
        figures.load.limit.oomKills = limited.oomKills();
      }
    } finally {
      limited?.remove();
    }
    log("load", { ...figures.load, output: undefined });
  } finally {
    rmSync(dataDirectory, { recursive: true, force: true });
  }
  return figures;
}

export function memoryTable(figures) {
  const rows = [
    ["Memory (PSS of the process tree; on the embedded default: start script + server + database)", "MB"],
    ["---", "---"],
  ];
  const parts = (value) =>
    value && value.databaseMb + value.startScriptMb > 0 ? ` (start script ${value.startScriptMb}, server ${value.serverMb}, database ${value.databaseMb})` : "";
  for (const [backend, fresh] of Object.entries(figures.fresh)) {
    rows.push([`Fresh (${backend}): the server's start-up peak (VmHWM, resident)`, fresh.startPeakMb]);
    rows.push([`Fresh (${backend}): when ready${parts(fresh.ready)}`, fresh.readyMb]);
    rows.push([`Fresh (${backend}): after idling${parts(fresh.idle)}`, fresh.idleMb]);
  }
  const uploads = figures.uploads;
  if (uploads) {
    rows.push([`${uploads.photos} uploads: peak`, uploads.peakMb]);
    rows.push([`${uploads.photos} uploads: settled${parts(uploads.settled)} (idle curve ${uploads.idleCurveMb.join(" → ")})`, uploads.settledMb]);
    rows.push([`PDF book of them (${uploads.book.megabytes} MB, ${uploads.book.status}): peak`, uploads.book.peakMb]);
    rows.push([`PDF book: settled${parts(uploads.book.settled)} (idle curve ${uploads.book.idleCurveMb.join(" → ")})`, uploads.book.settledMb]);
  }
  const load = figures.load;
  if (load) {
    rows.push([
      `Load test ${load.users} users ${load.duration} s: server peak (${load.passed ? "passed" : `FAILED, exit ${load.exitCode}`})`,
      load.serverPeakMb,
    ]);
    if (load.limit.unavailable) rows.push([`No memory limit: ${load.limit.unavailable}`, "–"]);
    else
      rows.push([
        `Inside a ${load.limit.limitMb} MB cgroup v${load.limit.cgroupVersion}: peak charge (oom_kill ${load.limit.oomKills})`,
        load.limit.peakChargeMb,
      ]);
  }
  return rows.map((row) => `| ${row.join(" | ")} |`).join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      uploads: { type: "string" },
      users: { type: "string" },
      duration: { type: "string" },
      idle: { type: "string" },
      "no-limit": { type: "boolean", default: false },
      "no-postgres": { type: "boolean", default: false },
    },
  });
  const number = (value) => (value === undefined ? undefined : Number(value));
  const figures = await measureMemory({
    quick: values.quick,
    uploads: number(values.uploads),
    users: number(values.users),
    duration: number(values.duration),
    idleSeconds: number(values.idle),
    limit: !values["no-limit"],
    postgres: !values["no-postgres"],
  });
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "memory.json"), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\n${memoryTable(figures)}`);
  process.exit(figures.load && !figures.load.passed ? 1 : 0);
}
