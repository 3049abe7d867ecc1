import "server-only";
import type { z } from "zod";
import { getDatabase } from "@/server/platform/db/client";
import type { JobDefinition } from "./job-definition";
import { startJobQueue, type AnyJobDefinition, type EnqueueOptions, type JobQueue } from "./job-queue";

export type { EnqueueOptions } from "./job-queue";

// The app's one job queue per process, on globalThis for the same reason as the database: Next
// bundles route handlers and instrumentation apart, and each bundle must find the same queue.
// Sending needs only the job being sent, which its domain defines: this module knows no list of
// jobs. The list (src/server/job-list.ts) is given to startJobs by the start-up, which works them.
const registry = globalThis as typeof globalThis & { __familyBookJobs?: Promise<JobQueue> };

/**
 * Starts the queue: with workers (the default of `npm start` and `npm run worker`) this instance
 * also runs `definitions` and keeps their schedules; without (WORKERS=false) it only sends.
 */
export function startJobs({ workers, definitions = [] }: { workers: boolean; definitions?: readonly AnyJobDefinition[] }): Promise<JobQueue> {
  const current = registry.__familyBookJobs;
  if (current) return current;
  const starting = getDatabase().then((database) => startJobQueue({ database, definitions: workers ? definitions : [], workers }));
  registry.__familyBookJobs = starting;
  // A failed start (database unreachable) is retried by the next caller, not cached forever.
  starting.catch(() => {
    if (registry.__familyBookJobs === starting) registry.__familyBookJobs = undefined;
  });
  return starting;
}

/**
 * Sends a job; it runs on whichever instance's worker takes it first, after the request that sent
 * it has answered. Resolves to the job's id, or null when `singletonKey` names a job that is
 * already waiting or running. The data is checked against the job's schema here, at the sender.
 */
export async function enqueueJob<Schema extends z.ZodType>(
  job: JobDefinition<string, Schema>,
  data: z.input<Schema>,
  options?: EnqueueOptions,
): Promise<string | null> {
  // An instance that has not started its queue (a test, a script) sends without working.
  const queue = await (registry.__familyBookJobs ?? startJobs({ workers: false }));
  return queue.enqueue(job, data, options);
}

/** Stops the queue before the database closes: running jobs get a grace period, then are retried elsewhere. */
export async function stopJobs() {
  const current = registry.__familyBookJobs;
  registry.__familyBookJobs = undefined;
  if (current) await (await current.catch(() => undefined))?.stop();
}
