import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { deleteEndedSessionsJob } from "@/server/accounts/auth/delete-ended-sessions";
import { jobDefinitions } from "@/server/job-list";
import { getDatabase } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { DEAD_LETTER_QUEUE, startJobQueue } from "@/server/platform/jobs/job-queue";
import { enqueueJob, startJobs, stopJobs } from "@/server/platform/jobs/queue";
import { startEmbeddedDatabase } from "../../bin/embedded-database.mjs";
import { formatJobProblems, readJobProblems } from "../../bin/job-problems.mjs";
import { advanceUntil, startTestQueue, TestClock, tickAndSettle, uniqueJobName } from "../helpers/jobs";
import { backendName } from "../helpers/test-database";
import { allowConsoleErrors } from "../setup/test-environment";

// The job queue (docs/decisions/012-jobs.md) on this run's database: jobs run once, failures are
// retried with backoff and end as dead letters, schedules send one job per occurrence however
// many instances keep them, and an attempt that is lost is run again. Time is a TestClock.

const running: { stop(): Promise<void> }[] = [];
const track = <Queue extends { stop(): Promise<void> }>(queue: Queue) => {
  running.push(queue);
  return queue;
};

beforeAll(async () => {
  await getDatabase();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((queue) => queue.stop()));
});

describe(`the job queue (${backendName})`, () => {
  it("runs an enqueued job once, with the data it was sent, and gives its handler the job's id", async () => {
    const seen: { data: { memberId: string }; id: string; retryCount: number }[] = [];
    const greet = defineJob({
      name: uniqueJobName("greet"),
      schema: z.strictObject({ memberId: z.string() }),
      handler: async (data, attempt) => void seen.push({ data, id: attempt.id, retryCount: attempt.retryCount }),
      retryLimit: 2,
      retryBackoff: true,
    });
    const clock = new TestClock();
    const queue = track(await startTestQueue({ definitions: [greet], clock }));

    const id = (await queue.enqueue(greet, { memberId: "m-1" }))!;
    await advanceUntil(clock, () => seen.length > 0, { queues: [queue] });
    await tickAndSettle(clock, 30_000, [queue]);

    expect(seen).toEqual([{ data: { memberId: "m-1" }, id, retryCount: 0 }]);
    const [job] = await queue.boss.findJobs(greet.name, { id });
    expect(job?.state).toBe("completed");
  });

  it("refuses to send data the job's schema does not accept, so a mistake shows at the sender", async () => {
    const strict = defineJob({
      name: uniqueJobName("strict"),
      schema: z.strictObject({ count: z.number().int() }),
      handler: async () => undefined,
      retryLimit: 0,
      retryBackoff: false,
    });
    const queue = track(await startTestQueue({ definitions: [strict], clock: new TestClock() }));
    // @ts-expect-error: the data's type comes from the job's schema
    await expect(queue.enqueue(strict, { count: "three" })).rejects.toThrow(`The data for job ${strict.name} is not what it expects:`);
    expect(await queue.boss.findJobs(strict.name)).toEqual([]);
  });

  it("retries a failing job with growing waits, logs each failure with the job's id, and keeps it as a dead letter", async () => {
    allowConsoleErrors(3);
    const attemptsAt: number[] = [];
    const clock = new TestClock();
    const flaky = defineJob({
      name: uniqueJobName("always-fails"),
      schema: z.strictObject({ to: z.string() }),
      handler: async () => {
        attemptsAt.push(clock.now());
        throw new Error("The mail server said no.");
      },
      retryLimit: 2,
      retryBackoff: true,
      retryDelaySeconds: 60,
    });
    const queue = track(await startTestQueue({ definitions: [flaky], clock }));

    const id = (await queue.enqueue(flaky, { to: "grandma@example.com" }))!;
    await advanceUntil(clock, async () => (await queue.boss.findJobs(DEAD_LETTER_QUEUE, { data: { to: "grandma@example.com" } })).length > 0, {
      queues: [queue],
      stepMs: 5_000,
      withinMs: 60 * 60_000,
    });

    expect(attemptsAt).toHaveLength(3);
    // Backoff: the second wait is longer than the first, and both at least the base delay.
    const [first, second, third] = attemptsAt as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(60_000);
    expect(third - second).toBeGreaterThan(second - first);
    const [job] = await queue.boss.findJobs(flaky.name, { id });
    expect(job?.state).toBe("failed");
    const [deadLetter] = await queue.boss.findJobs(DEAD_LETTER_QUEUE, { data: { to: "grandma@example.com" } });
    expect(deadLetter).toMatchObject({ sourceName: flaky.name, data: { to: "grandma@example.com" } });

    // Each failure is logged once, naming the job, its id, the attempt, and where a dead letter goes.
    const logged = vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
    expect(logged.map((line) => /attempt (\d) of (\d)/.exec(line)?.slice(1))).toEqual([
      ["1", "3"],
      ["2", "3"],
      ["3", "3"],
    ]);
    for (const line of logged) expect(line).toContain(`${flaky.name} ${id}`);
    expect(logged[2]).toContain(DEAD_LETTER_QUEUE);

    // What npm run jobs reports from the same tables.
    const database = await getDatabase();
    const report = await readJobProblems((text: string, values: unknown[]) => database.execute(text, values));
    expect(report.deadLetters).toContainEqual(
      expect.objectContaining({ id, queue: flaky.name, attempts: 3, error: "The mail server said no.", data: { to: "grandma@example.com" } }),
    );
    expect(report.failures).toContainEqual(expect.objectContaining({ id, queue: flaky.name, state: "failed", attempt: 3, attempts: 3 }));
    const text = formatJobProblems(report);
    expect(text).toContain(`${flaky.name}  job ${id}  after 3 attempts\n      error: The mail server said no.\n      data: {"to":"grandma@example.com"}`);
    expect(text).toContain(`${flaky.name}  job ${id}  attempt 3 of 3, no attempts left`);
  });

  it("lets a sender override the retries, wait with startAfter, and keep one waiting job per singletonKey", async () => {
    const ran: string[] = [];
    const clock = new TestClock();
    const remind = defineJob({
      name: uniqueJobName("remind"),
      schema: z.strictObject({ who: z.string() }),
      handler: async ({ who }) => void ran.push(who),
      retryLimit: 5,
      retryBackoff: true,
      policy: "short",
    });
    const queue = track(await startTestQueue({ definitions: [remind], clock }));

    const later = new Date(clock.now() + 60 * 60_000);
    const first = await queue.enqueue(remind, { who: "ada" }, { singletonKey: "ada", startAfter: later, retryLimit: 1 });
    const second = await queue.enqueue(remind, { who: "ada" }, { singletonKey: "ada" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const [job] = await queue.boss.findJobs(remind.name, { id: first! });
    expect(job?.retryLimit).toBe(1);

    await clock.setTime(later.getTime() - 60_000);
    await tickAndSettle(clock, 30_000, [queue]);
    expect(ran).toEqual([]);
    expect((await queue.boss.findJobs(remind.name, { id: first! }))[0]?.state).toBe("created");
    await advanceUntil(clock, () => ran.length > 0, { queues: [queue] });
    expect(ran).toEqual(["ada"]);
  });

  it("runs an attempt whose worker was lost (it outlived its expiry) again on another instance, and that retry completes", async () => {
    allowConsoleErrors(1);
    const clock = new TestClock();
    const attempts: number[] = [];
    const sweep = defineJob({
      name: uniqueJobName("sweep"),
      schema: z.null(),
      handler: async (_data, attempt) => {
        attempts.push(attempt.retryCount);
        // The first attempt hangs, as on a process that stopped answering, until the queue gives up on it.
        if (attempt.retryCount === 0) await new Promise((resolve) => attempt.signal.addEventListener("abort", resolve));
        return { swept: attempt.retryCount };
      },
      retryLimit: 2,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    const first = track(await startTestQueue({ definitions: [sweep], clock }));
    track(await startTestQueue({ definitions: [sweep], clock }));

    const id = await first.enqueue(sweep, null);
    await advanceUntil(clock, async () => (await first.boss.findJobs(sweep.name, { id: id! }))[0]?.state === "completed", { stepMs: 5_000 });

    expect(attempts).toEqual([0, 1]);
    const [job] = await first.boss.findJobs(sweep.name, { id: id! });
    // The abandoned attempt's late return changed nothing: the retry's output stands.
    expect(job).toMatchObject({ retryCount: 1, output: { swept: 1 } });
  });

  it("sends a scheduled job once per occurrence however many instances keep the schedule, and each runs once", async () => {
    const clock = new TestClock(new Date("2030-06-01T09:50:00Z"));
    const runs: { id: string; at: string }[] = [];
    const hourly = defineJob({
      name: uniqueJobName("hourly"),
      schema: z.null(),
      handler: async (_data, attempt) => void runs.push({ id: attempt.id, at: attempt.now.toISOString() }),
      retryLimit: 1,
      retryBackoff: true,
      schedule: "0 * * * *",
    });
    // Two instances with workers and one that only sends, on one database and one clock.
    const instances = [
      track(await startTestQueue({ definitions: [hourly], clock })),
      track(await startTestQueue({ definitions: [hourly], clock })),
      track(await startTestQueue({ definitions: [hourly], clock, workers: false })),
    ];

    // 10:00, 11:00 and 12:00 come and go; the minutes around each are walked through.
    for (const [index, hour] of ["09", "10", "11"].entries()) {
      await clock.setTime(new Date(`2030-06-01T${hour}:59:30Z`));
      await advanceUntil(clock, () => runs.length === index + 1, { queues: instances, stepMs: 5_000, withinMs: 3 * 60_000 });
      await tickAndSettle(clock, 60_000, instances);
    }

    expect(runs).toHaveLength(3);
    expect(new Set(runs.map((run) => run.id)).size).toBe(3);
    expect(runs.map((run) => run.at.slice(11, 13))).toEqual(["10", "11", "12"]);
  });
  it("keeps the schedules to what the definitions say: a schedule a job no longer has is removed", async () => {
    const name = uniqueJobName("nightly");
    const handler = async () => undefined;
    const clock = new TestClock();
    const before = await startTestQueue({
      definitions: [defineJob({ name, schema: z.null(), handler, retryLimit: 0, retryBackoff: false, schedule: "0 2 * * *" })],
      clock,
    });
    expect((await before.boss.getSchedules(name)).map((schedule) => schedule.cron)).toEqual(["0 2 * * *"]);
    await before.stop();

    const after = track(await startTestQueue({ definitions: [defineJob({ name, schema: z.null(), handler, retryLimit: 0, retryBackoff: false })], clock }));
    expect(await after.boss.getSchedules(name)).toEqual([]);
  });
});

describe("the app's queue", () => {
  afterEach(async () => {
    await stopJobs();
  });

  it("sends from an instance without workers, and an instance with workers runs the job", async () => {
    await startJobs({ workers: false });
    const id = (await enqueueJob(deleteEndedSessionsJob, null))!;
    expect(id).toEqual(expect.any(String));
    // @ts-expect-error: the data's type comes from the job's schema
    await expect(enqueueJob(deleteEndedSessionsJob, { all: true })).rejects.toThrow("The data for job housekeeping.ended-sessions is not what it expects:");

    const clock = new TestClock();
    const worker = track(await startTestQueue({ definitions: jobDefinitions, clock }));
    await advanceUntil(clock, async () => (await worker.boss.findJobs("housekeeping.ended-sessions", { id }))[0]?.state === "completed", { queues: [worker] });
  });

  it("makes a job's queue the first time it is sent, with the job's own settings, and works it only where it is listed", async () => {
    const handled: string[] = [];
    const ping = defineJob({
      name: uniqueJobName("ping"),
      schema: z.strictObject({ who: z.string() }),
      handler: async ({ who }) => void handled.push(who),
      retryLimit: 2,
      retryBackoff: false,
      policy: "short",
    });
    const sender = await startJobs({ workers: false });
    expect(await sender.boss.getQueue(ping.name)).toBeNull();
    const id = (await enqueueJob(ping, { who: "grandma" }))!;
    expect(await sender.boss.getQueue(ping.name)).toMatchObject({ name: ping.name, policy: "short", retryLimit: 2 });
    // "short": one job per key waits at a time.
    expect(await enqueueJob(ping, { who: "again" }, { singletonKey: "k" })).toEqual(expect.any(String));
    expect(await enqueueJob(ping, { who: "again" }, { singletonKey: "k" })).toBeNull();

    const clock = new TestClock();
    const worker = track(await startTestQueue({ definitions: [ping], clock }));
    await advanceUntil(clock, async () => (await worker.boss.findJobs(ping.name, { id }))[0]?.state === "completed", { queues: [worker] });
    expect(handled).toContain("grandma");
  });
});

describe("npm run jobs", () => {
  const script = path.join(process.cwd(), "bin", "jobs.mjs");
  const run = async (environment: Record<string, string>) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !["DATABASE_URL", "DATA_DIR"].includes(name)));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [script], { env: { ...inherited, ...environment } as NodeJS.ProcessEnv });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "family-book-jobs-"));
    return () => rmSync(folder, { recursive: true, force: true });
  });

  it("says so when no job has run on the database yet", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "family-book-jobs-empty-"));
    const result = await run({ DATA_DIR: empty });
    rmSync(empty, { recursive: true, force: true });
    expect(result).toMatchObject({ code: 0, stdout: "No background job has run on this database yet: nothing has failed.\n" });
  });

  it("lists the dead letters of the database it is configured with, and the failed attempts", async () => {
    allowConsoleErrors(1);
    const clock = new TestClock();
    const doomed = defineJob({
      name: uniqueJobName("doomed"),
      schema: z.strictObject({ album: z.string() }),
      handler: async () => {
        throw new Error("The album is gone.");
      },
      retryLimit: 0,
      retryBackoff: false,
    });
    // The script reaches this run's PostgreSQL database itself; embedded, the data folder's own
    // PostgreSQL, which this test starts as the app would and the script joins while it runs.
    const onPostgres = backendName === "postgresql";
    const embedded = onPostgres ? undefined : await startEmbeddedDatabase({ dataDirectory: folder, log: () => {} });
    const database = { connectionString: embedded?.url ?? process.env.DATABASE_URL! };
    const queue = await startJobQueue({ database, definitions: [doomed], workers: true, clock, pollingIntervalSeconds: 1 });
    try {
      const id = (await queue.enqueue(doomed, { album: "1974" }))!;
      await advanceUntil(clock, async () => (await queue.boss.findJobs(DEAD_LETTER_QUEUE, { data: { album: "1974" } })).length > 0, { queues: [queue] });
      await queue.stop();

      const result = await run(onPostgres ? { DATABASE_URL: process.env.DATABASE_URL! } : { DATA_DIR: folder });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Dead letters \(jobs that failed every attempt; newest first, kept 30 days\):\n/);
      expect(result.stdout).toContain(`${doomed.name}  job ${id}  after 1 attempt\n      error: The album is gone.\n      data: {"album":"1974"}`);
      expect(result.stdout).toContain(`Recent failed attempts (newest first):`);
    } finally {
      await queue.stop();
      await embedded?.stop();
    }
  });
});
