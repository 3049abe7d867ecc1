import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PgBoss, TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/server/job-list";
import { applyMigrations, pgConnection } from "@/server/platform/db/migrate";
import { JOBS_SCHEMA } from "@/server/platform/jobs/job-queue";
import { startApp, startWorker } from "../../scripts/lib/app-server.mjs";

// Background jobs in the built app (docs/decisions/012-jobs.md), as they are deployed.
//
// On PostgreSQL, two app instances share one database: each scheduled job runs once, and a worker
// killed in the middle of a job (SIGKILL) leaves an attempt that is run again and completes, not a
// lost or a doubled one. Time: pg-boss reads the database's clock through pgboss.job_now(); this
// test installs pg-boss's TestClock on the throwaway database before the instances start (every
// session of that database opts in), so the test moves the queue's time and no one waits for it.
// The middle of a job is made real: the test holds a lock on the sessions table, so the hourly
// clean-up of ended sessions blocks inside its DELETE; the instance running it is the one killed.

type Started = Awaited<ReturnType<typeof startApp>>;

const poll = async <T>(what: string, read: () => Promise<T | undefined | false>, withinMs = 60_000): Promise<T> => {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Still waiting for ${what} after ${withinMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The most recent 03:00:01 UTC: a moment when every housekeeping schedule has just come due. */
function justAfterThreeAm(now: number) {
  const moment = new Date(now);
  moment.setUTCHours(3, 0, 1, 0);
  if (moment.getTime() > now) moment.setUTCDate(moment.getUTCDate() - 1);
  return moment.getTime();
}

describe("a worker process on the embedded database", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "family-book-worker-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("runs the jobs of the same build alone (npm run worker), and stops cleanly on SIGTERM", async () => {
    const worker = await startWorker({ env: { DATA_DIR: folder, AUTH_SECRET: randomBytes(32).toString("base64url") } });
    expect(worker.log).toContainEqual(
      expect.stringContaining("Family Book worker is ready: embedded PostgreSQL, photos in local files, running background jobs."),
    );
    expect(await worker.stop()).toEqual({ code: 0, signal: null });
    expect(worker.log).toContainEqual("Family Book worker is stopping (SIGTERM): finishing the jobs in hand.");
  });

  it("an app instance stopped by SIGTERM finishes what it has in hand, closes the database and exits cleanly", async () => {
    const app = await startApp({ env: { DATA_DIR: folder } });
    const page = await fetch(`${app.url}/register`).finally(() => app.stop());
    expect(page.status).toBe(200);
    expect(app.exited).toEqual({ code: 0, signal: null });
    expect(app.log).toContainEqual("Family Book is stopping (SIGTERM): finishing the requests and jobs in hand.");
  });

  it("shares the embedded PostgreSQL of an app on the same data folder, and leaves it running when it stops", async () => {
    const app = await startApp({ env: { DATA_DIR: folder } });
    try {
      const worker = await startWorker({ env: { DATA_DIR: folder } });
      expect(worker.database?.shared).toBe(true);
      expect(await worker.stop()).toEqual({ code: 0, signal: null });
      // The app still writes to the database the worker shared.
      const registered = await fetch(`${app.url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ first_name: "Ada", last_name: "Shared", email: `shared.${Date.now()}@example.test`, password: "a long enough password" }),
      });
      expect(registered.status).toBe(201);
    } finally {
      await app.stop();
    }
  });
});

describe("two app instances on one PostgreSQL database", () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const clock = new TestClock(justAfterThreeAm(Date.now()));
  const queueAdmin = new PgBoss({ connectionString: databaseUrl, schema: JOBS_SCHEMA, clock, schedule: false, supervise: false, registerInstance: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  const locker = new pg.Client({ connectionString: databaseUrl });
  const folders: string[] = [];
  const instances: Started[] = [];
  let userId: string;

  const jobsOf = (name: string) => queueAdmin.findJobs(name);
  const sessionsLeft = async () => (await client.query("SELECT count(*)::int AS count FROM sessions WHERE user_id = $1", [userId])).rows[0].count as number;

  beforeAll(async () => {
    await client.connect();
    await locker.connect();
    // Every session opened from now on reads the queue's time from the TestClock's table.
    await client.query(`ALTER DATABASE "${databaseName}" SET pgboss.test_clock = 'on'`);
    await applyMigrations(pgConnection(client));
    await queueAdmin.start();

    // A member with three sessions that ended and one that runs.
    userId = (
      await client.query(
        "INSERT INTO users (id, email, email_normalized, first_name, last_name) VALUES (gen_random_uuid(), $1, $1, 'Ada', 'Lovelace') RETURNING id",
        [`ada.${randomBytes(4).toString("hex")}@example.test`],
      )
    ).rows[0].id;
    for (const ends of ["-2 days", "-1 day", "-1 hour", "+20 days"]) {
      await client.query(
        "INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, md5(random()::text), now() + $2::interval)",
        [userId, ends],
      );
    }

    // Whoever deletes from sessions waits until the test lets go.
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE");

    const secret = randomBytes(32).toString("base64url");
    const start = async (label: string) => {
      const folder = mkdtempSync(path.join(tmpdir(), "family-book-instance-"));
      folders.push(folder);
      return startApp({ label, env: { DATABASE_URL: databaseUrl, AUTH_SECRET: secret, DATA_DIR: folder } });
    };
    instances.push(...(await Promise.all([start("instance A"), start("instance B")])));
    // Each instance read the queue's time when it started (a minute's due window opens then) and
    // ran a first cron pass before its schedules were stored; the next pass may run 30 s of
    // queue time later, which the instances' own timers reach within 30 s.
    await clock.setTime(clock.now() + 30_000);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await locker.query("ROLLBACK").catch(() => {});
    await queueAdmin.stop({ graceful: false });
    await locker.end();
    await client.end();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("sends each scheduled job once for its occurrence, and runs it once", async () => {
    const others = jobDefinitions
      .map((definition) => definition.name)
      .filter((name) => name.startsWith("housekeeping.") && name !== "housekeeping.ended-sessions");
    expect(others.sort()).toEqual([
      "housekeeping.expired-files",
      "housekeeping.expired-rate-limits",
      "housekeeping.old-email-deliveries",
      "housekeeping.orphan-photos",
      "housekeeping.stale-uploads",
    ]);
    for (const name of others) {
      const [job] = await poll(`${name} to complete`, async () => {
        const jobs = await jobsOf(name);
        return jobs.every((job) => job.state === "completed") && jobs.length > 0 && jobs;
      });
      expect(await jobsOf(name), name).toHaveLength(1);
      expect(job).toMatchObject({ retryCount: 0 });
    }
    const sessionsJobs = await poll("the sessions clean-up to start", async () => {
      const jobs = await jobsOf("housekeeping.ended-sessions");
      return jobs.some((job) => job.state === "active") && jobs;
    });
    expect(sessionsJobs).toHaveLength(1);
  });

  it("runs a job again when the worker running it is killed, and the second attempt completes it once", async () => {
    // The instance whose connection is waiting inside the DELETE is the one running the job.
    const blocked = await poll("the clean-up's DELETE to wait for the lock", async () => {
      const { rows } = await client.query(
        "SELECT application_name FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%DELETE FROM sessions%'",
        [databaseName],
      );
      return rows[0]?.application_name as string | undefined;
    });
    const pid = Number(/pid (\d+)$/.exec(blocked)?.[1]);
    const victim = instances.find((instance) => instance.child.pid === pid)!;
    const survivor = instances.find((instance) => instance !== victim)!;
    expect(victim).toBeDefined();

    victim.child.kill("SIGKILL");
    expect(await victim.ended).toEqual({ code: null, signal: "SIGKILL" });
    // The database notices a vanished client only at its next write to it; end its connections now.
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1", [`family-book % pid ${pid}`]);
    await locker.query("COMMIT");
    // The killed attempt took nothing with it.
    expect(await sessionsLeft()).toBe(4);
    const [lost] = await jobsOf("housekeeping.ended-sessions");
    expect(lost).toMatchObject({ state: "active", retryCount: 0 });

    // Past the attempt's expiry, the queue's supervisor gives up on it and schedules a retry…
    await clock.setTime(clock.now() + (lost!.expireInSeconds + 1) * 1000);
    await queueAdmin.supervise("housekeeping.ended-sessions");
    const [retrying] = await jobsOf("housekeeping.ended-sessions");
    expect(retrying).toMatchObject({ state: "retry", retryCount: 0 });
    // …which the surviving instance takes once its backoff has passed, and completes.
    await clock.setTime(retrying!.startAfter.getTime() + 1_000);
    const [done] = await poll("the retry to complete", async () => {
      const jobs = await jobsOf("housekeeping.ended-sessions");
      return jobs[0]?.state === "completed" && jobs;
    });

    expect(done).toMatchObject({ retryCount: 1, output: { removed: 3 } });
    expect(await jobsOf("housekeeping.ended-sessions")).toHaveLength(1);
    expect(await sessionsLeft()).toBe(1);
    expect(survivor.exited).toBeNull();
  });
});
