import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";

const BATCH_SIZE = 1000;

/**
 * Removes rate-limit counters whose window has ended (docs/decisions/010-sign-in-throttling.md):
 * rate-limiter-flexible reads an ended window as empty, so the row only takes space. Counters
 * without an end (none of ours) are kept. In Redis (REDIS_URL) counters expire by themselves.
 */
export async function deleteExpiredRateLimits({ now = clock.now() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const endedBefore = BigInt(now.getTime());
  let removed = 0;
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM rate_limits WHERE key IN (
        SELECT key FROM rate_limits WHERE expire <= ${endedBefore} LIMIT ${BATCH_SIZE}
      )`;
    removed += count;
    if (count < BATCH_SIZE) return { removed };
  }
}

export const deleteExpiredRateLimitsJob = defineJob({
  name: "housekeeping.expired-rate-limits",
  schema: z.null(),
  handler: (_data, attempt) => deleteExpiredRateLimits({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  schedule: "0 * * * *",
  policy: "exclusive",
});
