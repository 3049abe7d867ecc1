// A PostgreSQL server of the script's own, for tests that stop and start the database: initdb and
// pg_ctl from the machine's PostgreSQL binaries, on a free loopback port, in a temporary folder.
// The machine's own PostgreSQL service is never touched.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server.mjs";

/** Runs a command to completion without blocking the event loop; resolves to { code, output }. */
function runCommand(command, args, { timeoutMs = 60_000 } = {}) {
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

/**
 * Creates and starts a cluster that trusts local connections as `postgres`. Resolves to
 * { version, port, serverUrl, running, start(), stop(mode), remove() }; `remove()` stops it at once
 * if it runs and deletes its folder.
 */
export async function startThrowawayCluster() {
  const binaries = findPostgresBinaries();
  const owner = postgresUser();
  const folder = mkdtempSync(path.join(tmpdir(), "family-book-pg-cluster-"));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "postgres.log");
  const port = await freePort();
  const asOwner = (binary, args) => (owner ? runCommand("runuser", ["-u", "postgres", "--", binary, ...args]) : runCommand(binary, args));
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;

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
    async remove() {
      try {
        if (cluster.running) await cluster.stop("immediate");
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
  try {
    const init = await asOwner(binaries.initdb, ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
    if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}
