import { randomBytes } from "node:crypto";
import { TestClock } from "pg-boss";
import { getDatabase } from "@/server/platform/db/client";
import type { JobDefinition } from "@/server/platform/jobs/job-definition";
import { startJobQueue, type JobQueue } from "@/server/platform/jobs/job-queue";

// Queues for tests: pg-boss on the test file's own database, driven by a TestClock, so retries,
// expiries and schedules happen when the test moves time, never by waiting.

/** A queue name no other test in the file uses (they share one database). */
export const uniqueJobName = (base: string) => `test.${base}-${randomBytes(4).toString("hex")}`;

export async function startTestQueue({
  definitions,
  clock,
  workers = true,
}: {
  definitions: readonly JobDefinition[];
  clock: TestClock;
  workers?: boolean;
}): Promise<JobQueue> {
  return startJobQueue({ database: await getDatabase(), definitions, workers, clock, pollingIntervalSeconds: 1 });
}

/**
 * Moves the clock a step at a time until `done` holds. After each step it awaits the attempts the
 * step started on `queues` (handlers run on the event loop, not on the clock), so `done` sees what
 * they did. A handler that only ends when the clock moves on belongs to a queue left out of
 * `queues`. Fails once the clock has moved `withinMs` without `done`.
 */
export async function advanceUntil(
  clock: TestClock,
  done: () => boolean | Promise<boolean>,
  { queues = [], stepMs = 1_000, withinMs = 10 * 60_000 }: { queues?: readonly JobQueue[]; stepMs?: number; withinMs?: number } = {},
) {
  const until = clock.now() + withinMs;
  while (!(await done())) {
    if (clock.now() >= until) throw new Error(`Not done within ${withinMs / 1000} s of the queue's clock.`);
    await clock.tick(stepMs);
    await Promise.all(queues.map((queue) => queue.idle()));
  }
}

/** Moves the clock by `ms` and awaits every attempt that started meanwhile on `queues`. */
export async function tickAndSettle(clock: TestClock, ms: number, queues: readonly JobQueue[]) {
  await clock.tick(ms);
  await Promise.all(queues.map((queue) => queue.idle()));
}

export { TestClock };
