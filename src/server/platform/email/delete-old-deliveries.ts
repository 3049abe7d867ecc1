import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";

/**
 * How long a sent email's record is kept. The record only stops a retried job from sending its
 * message again, and no job outlives the queue's 30 days of failed jobs (docs/decisions/012-jobs.md);
 * twice that leaves room for a job retried by hand from `npm run jobs`.
 */
export const DELIVERY_KEPT_MS = 60 * 24 * 60 * 60 * 1000;
const BATCH_SIZE = 1000;

/** Removes the records of emails accepted for delivery more than 60 days ago, a batch per statement. */
export async function deleteOldDeliveries({ now = clock.now() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const acceptedBefore = new Date(now.getTime() - DELIVERY_KEPT_MS);
  let removed = 0;
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM email_deliveries WHERE message_id IN (
        SELECT message_id FROM email_deliveries WHERE accepted_at <= ${acceptedBefore} LIMIT ${BATCH_SIZE}
      )`;
    removed += count;
    if (count < BATCH_SIZE) return { removed };
  }
}

export const deleteOldDeliveriesJob = defineJob({
  name: "housekeeping.old-email-deliveries",
  schema: z.null(),
  handler: (_data, attempt) => deleteOldDeliveries({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  schedule: "0 3 * * *",
  policy: "exclusive",
});
