// Starting the built app the way `npm start` does, for the tests, load, fault and benchmark
// scripts: the standalone server behind its entry (scripts/family-book-server.mjs), on a free
// loopback port, with the environment defaults of `npm start`, resolved once it is ready.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { serverEnvironmentDefaults, serverFile } from "../start.mjs";

/** Settings of the caller's shell that would point a test server at real services by accident. */
const SERVICE_SETTINGS = /^(DATABASE_URL|DATABASE_POOL_SIZE|PGLITE_DIR|DATA_DIR|S3_|REDIS_URL|APP_URL|GOOGLE_|AUTH_SECRET|TRUST_PROXY_HOPS|PORT$|HOSTNAME$)/;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
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

/**
 * Starts the app. `env` is added to a clean environment (no service settings inherited from the
 * shell); `onLog` receives every line it prints. Resolves to { url, port, child, log, stop() }
 * once the server has opened its database ("Family Book is ready") and answers HTTP.
 */
export async function startApp({ env = {}, label = "app", onLog, timeoutMs = 180_000 } = {}) {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVICE_SETTINGS.test(key)));
  const child = spawn(process.execPath, [serverFile], {
    cwd: path.dirname(serverFile),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...serverEnvironmentDefaults,
      ...inherited,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
  });
  const log = [];
  let partial = "";
  const remember = (chunk) => {
    const lines = (partial + String(chunk)).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      log.push(line);
      onLog?.(line);
    }
    if (log.length > 5000) log.splice(0, log.length - 5000);
  };
  child.stdout.on("data", remember);
  child.stderr.on("data", remember);
  let exited = null;
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve((exited = { code, signal }))));
  // A run that fails must not leave a server behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const app = {
    label,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    log,
    async stop() {
      process.removeListener("exit", killOnExit);
      if (exited) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (!log.some((line) => line.includes("Family Book is ready"))) {
    if (exited) throw new Error(`The ${label} exited during start-up (code ${exited.code}):\n${log.slice(-30).join("\n")}`);
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`The ${label} was not ready within ${timeoutMs / 1000} s:\n${log.slice(-30).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return app;
}
