// Starting servers for the tests, load, fault, smoke and benchmark scripts: a free loopback port,
// a process whose output is kept line by line, a readiness check (a line it prints, then its
// port accepting connections), and a stop that cannot hang. `startApp` starts the built app the
// way `npm start` does: the standalone server behind its entry (bin/family-book-server.mjs),
// with the environment defaults of `npm start`, and with no DATABASE_URL the data folder's
// embedded PostgreSQL, started or joined here as the start script does; `startWorker` the same
// build as `npm run worker`.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { startEmbeddedDatabase } from "../../bin/embedded-database.mjs";
import { serverEnvironmentDefaults, serverFile } from "../../bin/start.mjs";

const startScript = new URL("../../bin/start.mjs", import.meta.url).pathname;

/** Settings of the caller's shell that would point a started app at real services by accident. */
const SERVICE_SETTINGS =
  /^(DATABASE_URL|DATABASE_POOL_SIZE|EMBEDDED_DATABASE|DATA_DIR|S3_|REDIS_URL|APP_URL|GOOGLE_|AUTH_SECRET|TRUST_PROXY_HOPS|WORKERS$|PORT$|HOSTNAME$)/;
const KEPT_LOG_LINES = 5000;

/**
 * A loopback port nothing listens on right now: any the system hands out, or one of
 * APP_PORT_RANGE ("3600-3699") when it is set, for a machine whose ports are shared out.
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.APP_PORT_RANGE ?? "");
  if (!range) return anyFreePort();
  return freePortIn(Number(range[1]), Number(range[2]), { from: "random" });
}

/** A loopback port in [low, high] nothing listens on right now, tried from the lowest (or from a random one). */
export async function freePortIn(low, high, { from = "lowest" } = {}) {
  const start = from === "random" ? low + Math.floor(Math.random() * (high - low + 1)) : low;
  for (let offset = 0; offset <= high - low; offset += 1) {
    const port = low + ((start - low + offset) % (high - low + 1));
    if (await listensOn(port)) return port;
  }
  throw new Error(`No free port between ${low} and ${high}`);
}

function listensOn(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function anyFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in kB (VmRSS, or VmHWM for its high-water mark). */
export function residentKb(pid, field = "VmRSS") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? 0);
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts `node <args>` that will listen on `port` of 127.0.0.1, and resolves to
 * { label, port, url, child, log, exited, ended, stop() } once it has printed a line containing
 * `readyLine` and its port accepts connections (without a port: once it has printed the line). `env` is its whole environment. Every line it
 * prints (blank ones aside) goes to `onLog(line, "stdout" | "stderr")`, to `logFile` when given,
 * and to `log` (the last 5000). `stop()` sends SIGTERM, then SIGKILL after 10 s, and resolves to
 * how it exited; a script that ends without stopping it kills it.
 */
/**
 * @typedef {{
 *   label: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, port?: number, readyLine: string,
 *   onLog?: (line: string, stream: "stdout" | "stderr") => void, logFile?: string, timeoutMs?: number,
 *   user?: { uid: number, gid: number },
 * }} ProcessOptions
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit
 */

/** @param {ProcessOptions} options */
export async function startProcess({ label, args, cwd, env, port, readyLine, onLog, logFile, timeoutMs = 180_000, user }) {
  // FAMILY_BOOK_SERVER_CGROUP (bench/memory.mjs): the process joins that cgroup before Node
  // starts, so a memory limit there holds from its first allocation.
  const cgroup = process.env.FAMILY_BOOK_SERVER_CGROUP;
  const child = cgroup
    ? spawn("/bin/sh", ["-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, process.execPath, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], ...user });
  const log = [];
  const file = logFile ? createWriteStream(logFile) : null;
  let ready = false;
  for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
    createInterface({ input: child[stream], crlfDelay: Infinity }).on("line", (line) => {
      file?.write(`${line}\n`);
      if (!line.trim()) return;
      log.push(line);
      if (log.length > KEPT_LOG_LINES) log.splice(0, log.length - KEPT_LOG_LINES);
      if (line.includes(readyLine)) ready = true;
      onLog?.(line, stream);
    });
  }
  /** @type {Exit | null} */
  let exited = null;
  /** @type {Promise<Exit>} */
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve((exited = { code, signal }))));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const started = {
    label,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    log,
    /** How it exited ({ code, signal }), or null while it runs. */
    get exited() {
      return exited;
    },
    /** Resolves to how it exited, when it does. */
    ended: exit,
    async stop() {
      process.removeListener("exit", killOnExit);
      if (!exited) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exit;
        clearTimeout(timer);
      }
      if (file) await new Promise((resolve) => file.end(resolve));
      return exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (!ready || (port !== undefined && !(await accepts(port)))) {
    const lastLines = `${log.slice(-30).join("\n")}${logFile ? `\n(the whole log: ${logFile})` : ""}`;
    if (exited) {
      await started.stop();
      throw new Error(`The ${label} exited during start-up (code ${exited.code}):\n${lastLines}`);
    }
    if (Date.now() > deadline) {
      await started.stop();
      throw new Error(`The ${label} was not ready within ${timeoutMs / 1000} s:\n${lastLines}`);
    }
    await sleep(100);
  }
  return started;
}

/**
 * Starts the built app on `port` (by default a free one). `env` is added to a clean environment (no
 * service settings inherited from the shell); `nodeArgs` go to Node before the entry (--cpu-prof).
 * Without a DATABASE_URL in `env`, the app gets the embedded PostgreSQL of its DATA_DIR (which
 * `env` must then name), stopped after the app unless another process runs it; `database` is
 * its handle. Resolves once it has opened its database ("Family Book is ready") and accepts
 * connections; see startProcess for the rest.
 */
/**
 * @typedef {Pick<ProcessOptions, "onLog" | "logFile" | "timeoutMs"> & { label?: string, env?: Record<string, string | undefined> }} BuiltAppOptions
 * @param {BuiltAppOptions & { nodeArgs?: string[], port?: number }} [options]
 */
export async function startApp({ env = {}, label = "app", onLog, logFile, timeoutMs = 180_000, nodeArgs = [], port: chosenPort } = {}) {
  const port = chosenPort ?? (await freePort());
  return withEmbeddedDatabase(env, (databaseEnv) =>
    startProcess({
      label,
      args: [...nodeArgs, serverFile],
      cwd: path.dirname(serverFile),
      port,
      readyLine: "Family Book is ready",
      onLog,
      logFile,
      timeoutMs,
      env: { ...builtAppEnvironment(), HOSTNAME: "127.0.0.1", PORT: String(port), ...databaseEnv },
    }),
  );
}

/**
 * Runs `start(env)` with the embedded PostgreSQL of env.DATA_DIR when `env` names no DATABASE_URL,
 * as the start script would; the database stops after the process, or when it fails to start.
 * @template {{ stop(): Promise<Exit | null> }} Started
 * @param {Record<string, string | undefined>} env
 * @param {(env: Record<string, string | undefined>) => Promise<Started>} start
 */
async function withEmbeddedDatabase(env, start) {
  if (env.DATABASE_URL) return Object.assign(await start(env), { database: undefined });
  if (!env.DATA_DIR) throw new Error("Without a DATABASE_URL, the app's DATA_DIR must be given: its embedded PostgreSQL lives there.");
  const database = await startEmbeddedDatabase({ dataDirectory: path.resolve(env.DATA_DIR), log: () => {} });
  try {
    const started = await start({ ...env, DATABASE_URL: database.url, EMBEDDED_DATABASE: "1" });
    const stopProcess = started.stop.bind(started);
    return Object.assign(started, {
      database,
      async stop() {
        const exited = await stopProcess();
        await database.stop();
        return exited;
      },
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/**
 * Starts Family Book exactly as `npm start` does (`npm run worker` with `worker`): through the
 * start script, which runs the embedded PostgreSQL when no DATABASE_URL is given. `user` runs it
 * as another system user (a test as root starting it as an ordinary one).
 */
/** @param {BuiltAppOptions & { port?: number, worker?: boolean, user?: { uid: number, gid: number } }} [options] */
export async function startWithStartScript({
  env = {},
  label = "npm start",
  onLog,
  logFile,
  timeoutMs = 180_000,
  port: chosenPort,
  worker = false,
  user,
} = {}) {
  const port = worker ? undefined : (chosenPort ?? (await freePort()));
  return startProcess({
    label,
    args: [path.join(path.dirname(startScript), "start.mjs"), ...(worker ? ["--worker"] : [])],
    cwd: path.resolve(path.dirname(startScript), ".."),
    port,
    readyLine: worker ? "Family Book worker is ready" : "Family Book is ready",
    onLog,
    logFile,
    timeoutMs,
    user,
    env: { ...builtAppEnvironment(), HOSTNAME: "127.0.0.1", ...(port ? { PORT: String(port) } : {}), ...env },
  });
}

/**
 * Starts the built app as `npm run worker` does: it serves nothing and runs background jobs.
 * Resolves once it has opened its database and started its workers; see startProcess for the rest.
 */
/** @param {BuiltAppOptions} [options] */
export async function startWorker({ env = {}, label = "worker", onLog, logFile, timeoutMs = 180_000 } = {}) {
  return withEmbeddedDatabase(env, (databaseEnv) =>
    startProcess({
      label,
      args: [serverFile, "--worker"],
      cwd: path.dirname(serverFile),
      readyLine: "Family Book worker is ready",
      onLog,
      logFile,
      timeoutMs,
      env: { ...builtAppEnvironment(), ...databaseEnv },
    }),
  );
}

/**
 * A clean environment for the built app: no service settings inherited from the shell.
 * @returns {NodeJS.ProcessEnv}
 */
function builtAppEnvironment() {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVICE_SETTINGS.test(key)));
  return { ...serverEnvironmentDefaults, ...inherited, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
}
