import type { z } from "zod";

// What a domain declares to run work outside a request (docs/decisions/012-jobs.md). The list of
// every definition is src/server/job-list.ts; jobs are sent with enqueueJob (queue.ts).

/** What a handler learns about the attempt it is running. */
export type JobAttempt = {
  /** The job's id: the same on every attempt, so it can key the handler's own idempotency. */
  id: string;
  /** 0 on the first attempt, then 1, 2… up to the definition's retryLimit. */
  retryCount: number;
  /** The queue's clock (a test's TestClock in tests): the time to judge "old" and "expired" by. */
  now: Date;
  /** Aborted when the attempt has outlived its expiry or the process is stopping. */
  signal: AbortSignal;
};

export type JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> = {
  /** Letters, digits, ".", "-", "_" and "/"; it is the queue's name in the database. */
  name: Name;
  /** The job's data, checked when it is enqueued and again when it runs. */
  schema: Schema;
  /**
   * Does the work. Must be idempotent: after a crash or an expiry the same job runs again, and an
   * attempt that did its work but died before reporting it is repeated in full. Throwing fails
   * the attempt (logged with the job id), and the queue retries it.
   */
  handler(data: z.output<Schema>, attempt: JobAttempt): Promise<object | void>;
  /** Attempts after the first; a job that fails them all ends in the dead letters (`npm run jobs`). */
  retryLimit: number;
  /** Doubles the wait between attempts (with jitter) instead of waiting retryDelaySeconds each time. */
  retryBackoff: boolean;
  /** Seconds before the first retry (default 30). */
  retryDelaySeconds?: number;
  /** An attempt still running after this many seconds is taken as lost and retried (default 900). */
  expireInSeconds?: number;
  /** A cron expression (UTC): the queue sends the job itself, once per occurrence across every instance. */
  schedule?: string;
  /**
   * How many of the queue's jobs may wait or run at once, per singletonKey (pg-boss's queue
   * policies): "standard" (default) has no limit; "short" one waiting; "singleton" one running;
   * "stately" one waiting and one running; "exclusive" one waiting or running. Fixed when the queue
   * is first created.
   */
  policy?: "standard" | "short" | "singleton" | "stately" | "exclusive";
};

/** Declares a job; the name's literal type is what types enqueueJob's data. */
export function defineJob<const Name extends string, Schema extends z.ZodType>(definition: JobDefinition<Name, Schema>) {
  return definition;
}
