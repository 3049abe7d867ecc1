import "server-only";
import { PgBoss, type Clock, type JobWithMetadata, type SendOptions } from "pg-boss";
import { z } from "zod";
import { now } from "@/server/platform/clock";
import { applicationName, type Database } from "@/server/platform/db/client";
import type { JobDefinition } from "./job-definition";

// The job queue: pg-boss on the PostgreSQL the app already runs, external or embedded
// (docs/decisions/012-jobs.md). Every instance can send; instances
// with workers also run jobs and keep the schedules, and pg-boss makes sure that each job runs
// on one worker at a time and each schedule sends one job per occurrence across all of them.

/** Where pg-boss keeps its tables, beside (never inside) the app's own. */
export const JOBS_SCHEMA = "pgboss";
/** Every job that used up its retries is copied here, with the queue it came from. */
export const DEAD_LETTER_QUEUE = "dead-letters";
/** Dead letters are kept this long for someone to look at (`npm run jobs`). */
const DEAD_LETTER_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** pg-boss's own PostgreSQL connections per instance, beside the app's DATABASE_POOL_SIZE. */
export const JOBS_POOL_SIZE = 3;

const DEFAULT_RETRY_DELAY_SECONDS = 30;
const DEFAULT_EXPIRE_IN_SECONDS = 15 * 60;

export type EnqueueOptions = {
  /**
   * Groups jobs for the queue's policy (a job definition's `policy`: e.g. with "short", one job per
   * key waits at a time) and for singletonSeconds; a send the key turns away resolves to null.
   */
  singletonKey?: string;
  /** At most one job per singletonKey in each window of this many seconds. */
  singletonSeconds?: number;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
  retryLimit?: number;
  retryBackoff?: boolean;
  retryDelaySeconds?: number;
};

export type AnyJobDefinition = JobDefinition<string, z.ZodType>;
type AnyDefinition = AnyJobDefinition;

export type JobQueue = {
  boss: PgBoss;
  /** The jobs this instance works (none without workers); any job may be sent. */
  definitions: readonly AnyJobDefinition[];
  /** Sends `job` with `data`, checked against its schema; its queue is made the first time it is needed. */
  enqueue<Schema extends z.ZodType>(job: JobDefinition<string, Schema>, data: z.input<Schema>, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Resolves once no attempt this instance started is still running, so that whoever moved the
   * queue's clock sees what the jobs did, or that they did nothing.
   */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  database: Pick<Database, "connectionString">;
  /** The jobs to work and schedule (with workers); a queue that only sends needs none. */
  definitions: readonly AnyDefinition[];
  /** Run the jobs and keep the schedules; without workers the queue only sends. */
  workers: boolean;
  /** pg-boss's clock: a TestClock in tests. */
  clock?: Clock;
  /** How often an idle worker asks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
};

export async function startJobQueue({ database, definitions, workers, clock, pollingIntervalSeconds = 2 }: JobQueueOptions): Promise<JobQueue> {
  if (new Set(definitions.map((definition) => definition.name)).size !== definitions.length) throw new Error("Two job definitions share a name.");
  const boss = new PgBoss({
    connectionString: database.connectionString,
    max: JOBS_POOL_SIZE,
    application_name: applicationName("jobs"),
    schema: JOBS_SCHEMA,
    clock,
    // A web-only instance sends jobs and nothing else: no schedules, no maintenance of the queue.
    schedule: workers,
    supervise: workers,
    // Recorded for `npm run jobs` and pg-boss's own tools; a web-only instance stays out of the list.
    registerInstance: workers,
    instanceName: workers ? "family-book-worker" : undefined,
  });
  boss.on("error", (error) => console.error("Background jobs:", error));
  boss.on("warning", (warning) => console.warn(`Background jobs: ${warning.message}`));
  await boss.start();

  // Queues are made idempotently by whoever needs one first: an instance with workers makes those
  // it works at start; one that sends makes a job's queue before its first send of it.
  await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (definition: AnyDefinition) => {
    let made = queues.get(definition.name);
    if (!made) {
      made = makeQueue(boss, definition);
      queues.set(definition.name, made);
      made.catch(() => queues.delete(definition.name));
    }
    return made;
  };
  for (const definition of definitions) await ensureQueue(definition);

  const running = new Set<Promise<unknown>>();
  if (workers) {
    // The schedules are what the definitions say: one that a definition no longer has is removed.
    const scheduled = new Set(definitions.filter((definition) => definition.schedule).map((definition) => definition.name));
    for (const schedule of await boss.getSchedules()) {
      if (!scheduled.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
    }
    for (const definition of definitions) {
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, null, { tz: "UTC" });
      await boss.work(definition.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]: JobWithMetadata<unknown>[]) => {
        const attempt = runAttempt(definition, job!, clock);
        running.add(attempt);
        try {
          return await attempt;
        } finally {
          running.delete(attempt);
        }
      });
    }
  }

  return {
    boss,
    definitions,
    async enqueue(job, data, options = {}) {
      const checked = job.schema.safeParse(data);
      if (!checked.success) throw new Error(`The data for job ${job.name} is not what it expects: ${z.prettifyError(checked.error)}`);
      const parsed = checked.data as object;
      await ensureQueue(job);
      const sendOptions: SendOptions = {
        singletonKey: options.singletonKey,
        singletonSeconds: options.singletonSeconds,
        startAfter: options.startAfter,
        retryLimit: options.retryLimit,
        retryBackoff: options.retryBackoff,
        retryDelay: options.retryDelaySeconds,
      };
      return boss.send(job.name, parsed, withoutUndefined(sendOptions));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled(running);
    },
    async stop() {
      // Jobs still running after the grace period are marked failed, so another worker retries them.
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** Makes a job's queue with its definition's settings, or brings an existing one up to them. */
async function makeQueue(boss: PgBoss, definition: AnyDefinition) {
  const settings = {
    retryLimit: definition.retryLimit,
    retryBackoff: definition.retryBackoff,
    retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_IN_SECONDS,
    deadLetter: DEAD_LETTER_QUEUE,
  };
  await boss.createQueue(definition.name, { ...settings, policy: definition.policy ?? "standard" });
  // A queue made by an earlier version keeps its settings unless told otherwise.
  await boss.updateQueue(definition.name, settings);
}

/** One attempt of one job: its data checked, the handler run, a failure logged with the job's id. */
async function runAttempt(definition: AnyDefinition, job: JobWithMetadata<unknown>, clock: Clock | undefined) {
  const attempt = job.retryCount + 1;
  const attempts = job.retryLimit + 1;
  try {
    const data = definition.schema.safeParse(job.data);
    if (!data.success) throw new Error(`Its data is not what the job expects: ${z.prettifyError(data.error)}`);
    const output = await definition.handler(data.data, {
      id: job.id,
      retryCount: job.retryCount,
      now: clock ? new Date(clock.now()) : now(),
      signal: job.signal,
    });
    return output ?? undefined;
  } catch (error) {
    const outcome = attempt < attempts ? "it will be tried again" : `it is now a dead letter (${DEAD_LETTER_QUEUE}; npm run jobs lists them)`;
    console.error(`Job ${definition.name} ${job.id} failed on attempt ${attempt} of ${attempts}, ${outcome}:`, error);
    throw error;
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
