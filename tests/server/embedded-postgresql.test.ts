import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabasePaths, startEmbeddedDatabase } from "../../bin/embedded-database.mjs";
import { pgliteFolders } from "../../bin/pglite-upgrade.mjs";
import { startWithStartScript } from "../../scripts/lib/app-server.mjs";
import { requestFrom } from "../helpers/app-server";
import { blackPng } from "../helpers/images";
import { createPgliteFolder } from "../helpers/pglite-folder";

// `npm start` with nothing configured (docs/decisions/045-embedded-postgresql.md): the start
// script runs PostgreSQL from DATA_DIR/pg, the app and a worker share it, it stops after the
// app, a database that dies is started again, it runs as root and as an ordinary user, and a
// data folder from the PGlite days arrives whole on the first start.

type Started = Awaited<ReturnType<typeof startWithStartScript>>;
const folders: string[] = [];
/** Everything a test started, stopped after the file even when the test failed half-way. */
const running: { stop(): Promise<unknown> }[] = [];

function dataFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), "family-book-embedded-"));
  folders.push(folder);
  return folder;
}

async function start(options: Parameters<typeof startWithStartScript>[0]) {
  const started = await startWithStartScript(options);
  running.push(started);
  return started;
}

afterAll(async () => {
  for (const started of running) await started.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function processIsRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = (dataDirectory: string) =>
  Number.parseInt(readFileSync(path.join(embeddedDatabasePaths(dataDirectory).cluster, "postmaster.pid"), "utf8").split("\n")[0]!, 10);

async function register(url: string, email: string) {
  const registered = await requestFrom(`${url}/api/auth/register`, {
    json: { first_name: "Margaret", last_name: "Hughes", email, password: "correct horse battery" },
  });
  expect(registered.status).toBe(201);
  return registered.body.data as { token: string; user: { id: string } };
}

async function readJson(url: string, token: string) {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: (await answer.json()) as { data: unknown } };
}

describe("npm start with no DATABASE_URL", () => {
  let folder: string;
  let app: Started;

  beforeAll(async () => {
    folder = dataFolder();
    app = await start({ env: { DATA_DIR: folder } });
  });

  it("runs PostgreSQL from DATA_DIR/pg, says so, and keeps a lock naming the start script and its port", async () => {
    expect(app.log).toContainEqual(expect.stringContaining(`Creating the embedded database in ${path.join(folder, "pg")}`));
    expect(app.log).toContainEqual(expect.stringContaining("Family Book is ready: embedded PostgreSQL, photos in local files"));
    const lock = JSON.parse(readFileSync(path.join(folder, "pg.lock"), "utf8")) as { pid: number; port: number };
    expect(lock.pid).toBe(app.child.pid);
    const client = new pg.Client({
      connectionString: `postgres://family_book:${readFileSync(path.join(folder, "pg.password"), "utf8")}@127.0.0.1:${lock.port}/family_book`,
    });
    await client.connect();
    const { rows } = await client.query<{ version: string; buffers: string }>("SELECT version(), current_setting('shared_buffers') AS buffers");
    await client.end();
    expect(rows[0]!.version).toMatch(/^PostgreSQL 18\./);
    expect(rows[0]!.buffers).toBe("64MB");
  });

  it("shares that database with a worker on the same data folder, which stops without stopping it", async () => {
    const account = await register(app.url, `worker.${Date.now()}@example.test`);
    const worker = await start({ env: { DATA_DIR: folder }, worker: true });
    expect(worker.log).toContainEqual(`Using the embedded database that process ${app.child.pid} runs (${path.join(folder, "pg")}).`);
    expect(worker.log).toContainEqual(expect.stringContaining("Family Book worker is ready: embedded PostgreSQL"));
    expect(await worker.stop()).toEqual({ code: 0, signal: null });
    expect((await readJson(`${app.url}/api/auth/me`, account.token)).status).toBe(200);
  });

  it("starts PostgreSQL again when it dies, and the app answers from it", async () => {
    const account = await register(app.url, `crash.${Date.now()}@example.test`);
    const before = postmasterPid(folder);
    process.kill(before, "SIGKILL");
    await expect.poll(() => app.log.some((line) => line.includes("The embedded database is running again.")), { timeout: 60_000 }).toBe(true);
    expect(app.log).toContainEqual("The embedded database stopped unexpectedly (stopped by SIGKILL); starting it again.");
    expect(postmasterPid(folder)).not.toBe(before);
    await expect.poll(async () => (await readJson(`${app.url}/api/auth/me`, account.token)).status, { timeout: 30_000 }).toBe(200);
    expect(app.exited).toBeNull();
  });

  it("stops the database after the app on SIGTERM, and everything is there at the next start", async () => {
    const account = await register(app.url, `restart.${Date.now()}@example.test`);
    const database = postmasterPid(folder);
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    expect(processIsRunning(database)).toBe(false);
    expect(existsSync(path.join(folder, "pg.lock"))).toBe(false);
    // A clean shutdown removes PostgreSQL's own lock as well.
    expect(existsSync(path.join(folder, "pg", "postmaster.pid"))).toBe(false);

    const again = await start({ env: { DATA_DIR: folder } });
    expect(again.log).not.toContainEqual(expect.stringContaining("Creating the embedded database"));
    const me = await readJson(`${again.url}/api/auth/me`, account.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user: { id: account.user.id } });
    await again.stop();
  });
});

describe("a database that keeps dying", () => {
  it("is started again at most three times a minute; the fourth time the app is stopped and the start script exits 1", async () => {
    const folder = dataFolder();
    const app = await start({ env: { DATA_DIR: folder } });
    for (let death = 1; death <= 3; death += 1) {
      process.kill(postmasterPid(folder), "SIGKILL");
      await expect.poll(() => app.log.filter((line) => line === "The embedded database is running again.").length, { timeout: 60_000 }).toBe(death);
    }
    process.kill(postmasterPid(folder), "SIGKILL");
    expect(await app.ended).toEqual({ code: 1, signal: null });
    expect(app.log).toContainEqual("The embedded database stopped unexpectedly (stopped by SIGKILL) and could not be started again: stopping Family Book.");
    // Never a server answering without its database: the app was stopped as a supervisor stops it.
    expect(app.log).toContainEqual(expect.stringContaining("Family Book is stopping (SIGTERM)"));
    expect(existsSync(path.join(folder, "pg.lock"))).toBe(false);
  });
});

describe("the user it runs as", () => {
  it(`runs as an ordinary user (here: ${userInfo().uid === 0 ? "one this test creates, since it runs as root" : "the one running the test"})`, async () => {
    let user: { uid: number; gid: number } | undefined;
    if (userInfo().uid === 0) {
      const name = "familybook-test";
      if (spawnSync("id", ["-u", name]).status !== 0) {
        expect(spawnSync("useradd", ["--system", "--user-group", "--no-create-home", name]).status).toBe(0);
      }
      user = {
        uid: Number(spawnSync("id", ["-u", name], { encoding: "utf8" }).stdout),
        gid: Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout),
      };
    }
    const folder = dataFolder();
    if (user) chownSync(folder, user.uid, user.gid);
    const app = await start({ env: { DATA_DIR: folder, HOME: folder }, user });
    const database = postmasterPid(folder);
    const owner = readFileSync(`/proc/${database}/status`, "utf8").match(/^Uid:\s+(\d+)/m)![1];
    expect(Number(owner)).toBe(user?.uid ?? userInfo().uid);
    const account = await register(app.url, `ordinary.${Date.now()}@example.test`);
    expect((await readJson(`${app.url}/api/auth/me`, account.token)).status).toBe(200);
    expect(await app.stop()).toEqual({ code: 0, signal: null });
  });
});

describe("a data folder from the PGlite days", () => {
  it("arrives whole on the first start: every table's rows, photos, answers, comments and weekly plans, with the old folder kept", async () => {
    const folder = dataFolder();
    // The family's data, written through the app, then copied into a PGlite folder migrated by
    // the same migrations: DATA_DIR as the earlier version left it.
    const before = await start({ env: { DATA_DIR: folder } });
    const account = await register(before.url, `upgrade.${Date.now()}@example.test`);
    const auth = { authorization: `Bearer ${account.token}` };

    const form = new FormData();
    form.set("title", "The summer at the lake");
    form.set("memory_date", "1987-07-14");
    form.set("content", "Everyone came, even Uncle Bill.");
    form.set("is_shared", "true");
    form.set("photos", new Blob([blackPng(800, 600)], { type: "image/png" }), "lake.png");
    const memoryAnswer = await fetch(`${before.url}/api/memories`, { method: "POST", headers: auth, body: form });
    expect(memoryAnswer.status).toBe(201);
    const memory = ((await memoryAnswer.json()) as { data: { memory: { id: string; memory_photos: { photo_url: string }[] } } }).data.memory;
    expect(memory.memory_photos).toHaveLength(1);

    const comment = await requestFrom(`${before.url}/api/memories/${memory.id}/comments`, { headers: auth, json: { body: "I remember the rowing boat!" } });
    expect(comment.status).toBe(201);

    const { questionnaires } = (await readJson(`${before.url}/api/questionnaires`, account.token)).body.data as { questionnaires: { id: string }[] };
    const { questions } = (await readJson(`${before.url}/api/questionnaires/${questionnaires[0]!.id}/questions`, account.token)).body.data as {
      questions: { id: string }[];
    };
    const answered = await requestFrom(`${before.url}/api/questionnaires/questions/${questions[0]!.id}/answer`, {
      headers: auth,
      json: { answer_text: "In a farmhouse by the river, with my three sisters." },
    });
    expect(answered.status).toBe(201);

    const plan = await requestFrom(`${before.url}/api/weekly-questions`, {
      headers: auth,
      json: { recipient_id: account.user.id, weekday: 7, hour: 9, time_zone: "Europe/London" },
    });
    expect(plan.status).toBe(201);
    const shared = await startEmbeddedDatabase({ dataDirectory: folder, log: () => {} });
    await createPgliteFolder(pgliteFolders(folder).folder, { copyFrom: shared.url });
    expect(await before.stop()).toEqual({ code: 0, signal: null });
    const paths = embeddedDatabasePaths(folder);
    for (const entry of [paths.cluster, paths.password]) rmSync(entry, { recursive: true, force: true });
    expect(existsSync(path.join(folder, "db", "PG_VERSION"))).toBe(true);

    const after = await start({ env: { DATA_DIR: folder } });
    const moved = after.log.find((line) => line.startsWith("Moved "));
    expect(moved).toMatch(/^Moved \d+ rows in \d+ tables, every one counted on both sides\. The earlier database is kept as a backup at /);
    expect(existsSync(path.join(pgliteFolders(folder).backup, "PG_VERSION"))).toBe(true);
    expect(existsSync(pgliteFolders(folder).folder)).toBe(false);
    expect(after.log).toContainEqual(expect.stringContaining("Family Book is ready: embedded PostgreSQL, photos"));

    // The same session, the same memory with its photo and comment, the answer, the weekly plan.
    const read = (route: string) => readJson(`${after.url}${route}`, account.token);
    expect((await read(`/api/memories/${memory.id}`)).body.data).toMatchObject({
      memory: { title: "The summer at the lake", content: "Everyone came, even Uncle Bill." },
    });
    const photo = await fetch(new URL(memory.memory_photos[0]!.photo_url, after.url), { headers: auth });
    expect(photo.status).toBe(200);
    expect(JSON.stringify((await read(`/api/memories/${memory.id}/comments`)).body.data)).toContain("I remember the rowing boat!");
    expect(JSON.stringify((await read(`/api/questionnaires/${questionnaires[0]!.id}/responses`)).body.data)).toContain(
      "In a farmhouse by the river, with my three sisters.",
    );
    expect((await read("/api/weekly-questions")).body.data).toMatchObject({ plans: [{ recipient: { id: account.user.id }, weekday: 7, hour: 9 }] });

    // A new row gets a fresh id: the sequences came along with the rows.
    const next = await register(after.url, `after.${Date.now()}@example.test`);
    expect(next.user.id).not.toBe(account.user.id);
    await after.stop();

    // Only once: the next start finds the moved database and leaves the backup alone.
    const third = await start({ env: { DATA_DIR: folder } });
    expect(third.log.some((line) => line.startsWith("Moved "))).toBe(false);
    await third.stop();
  });
});
