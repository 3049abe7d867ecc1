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
 * Moves the clock a step at a time until `done` holds, giving the handlers started by each step a
 * moment of real time to finish (they run on the event loop, not on the clock). Fails once the
 * clock has moved `withinMs` without it.
 */
export async function advanceUntil(clock: TestClock, done: () => boolean | Promise<boolean>, { stepMs = 1_000, withinMs = 10 * 60_000 } = {}) {
  const until = clock.now() + withinMs;
  while (!(await done())) {
    if (clock.now() >= until) throw new Error(`Not done within ${withinMs / 1000} s of the queue's clock.`);
    await clock.tick(stepMs);
    await settleHandlers();
  }
}

/** Lets promises started by the last tick run (a handler's few database round trips). */
export async function settleHandlers(rounds = 20) {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

export { TestClock };
