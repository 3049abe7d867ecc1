import "server-only";
import { getDatabase } from "@/server/platform/db/client";
import type { JobData, JobDefinitions, JobName } from "./definitions";
import { startJobQueue, type EnqueueOptions, type JobQueue } from "./job-queue";

export type { EnqueueOptions } from "./job-queue";

// The app's one job queue per process, on globalThis for the same reason as the database: Next
// bundles route handlers and instrumentation apart, and each bundle must find the same queue.
type AppJobQueue = JobQueue<JobDefinitions>;
const registry = globalThis as typeof globalThis & { __familyBookJobs?: Promise<AppJobQueue> };

/**
 * Starts the queue: with workers (the default of `npm start` and `npm run worker`) this instance
 * also runs jobs and keeps the schedules; without (WORKERS=false) it only sends.
 */
export function startJobs({ workers }: { workers: boolean }): Promise<AppJobQueue> {
  const current = registry.__familyBookJobs;
  if (current) return current;
  // The list is loaded here, not imported above: a job that sends jobs imports this module, and the
  // list imports that job, so a static import would read the list before the job is defined.
  const starting = Promise.all([getDatabase(), import("./definitions")]).then(([database, { jobDefinitions }]) =>
    startJobQueue({ database, definitions: jobDefinitions, workers }),
  );
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
export async function enqueueJob<Name extends JobName>(name: Name, data: JobData<Name>, options?: EnqueueOptions): Promise<string | null> {
  // An instance that has not started its queue (a test, a script) sends without working.
  const queue = await (registry.__familyBookJobs ?? startJobs({ workers: false }));
  // JobData<Name> and the queue's own parameter are one type written twice; with more than one job
  // TypeScript cannot see it for a generic Name. The data's schema is checked in enqueue anyway.
  return queue.enqueue(name, data as never, options);
}

/** Stops the queue before the database closes: running jobs get a grace period, then are retried elsewhere. */
export async function stopJobs() {
  const current = registry.__familyBookJobs;
  registry.__familyBookJobs = undefined;
  if (current) await (await current.catch(() => undefined))?.stop();
}
