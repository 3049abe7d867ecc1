import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";

/** A signed-out session is kept a day, long enough for two refreshes racing on one token to settle. */
export const REVOKED_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Removes sessions that can never be used again: expired ones, and ones signed out (or replaced by
 * a refresh) more than a day ago. A batch per statement, so no statement holds many rows at once.
 */
export async function deleteEndedSessions({ now = clock.now() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const revokedBefore = new Date(now.getTime() - REVOKED_SESSION_KEPT_MS);
  let removed = 0;
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions WHERE expires_at <= ${now} OR revoked_at <= ${revokedBefore} LIMIT ${BATCH_SIZE}
      )`;
    removed += count;
    if (count < BATCH_SIZE) return { removed };
  }
}

export const deleteEndedSessionsJob = defineJob({
  name: "housekeeping.ended-sessions",
  schema: z.null(),
  handler: (_data, attempt) => deleteEndedSessions({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  schedule: "0 * * * *",
  policy: "exclusive",
});
