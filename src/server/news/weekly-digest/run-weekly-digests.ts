import "server-only";
import { z } from "zod";
import { getDb } from "@/server/platform/db/client";
import { getEnv } from "@/server/platform/env";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { DIGEST_DEFAULT_TIME_ZONE, latestDigestMoment } from "./digest-times";
import { weeklyDigestEmailJob } from "./weekly-digest-email";

// The weekly family digest's scheduler (docs/decisions/021-weekly-digest.md). Every hour, on some
// instance, it finds the members whose weekly digest moment has passed and makes one
// weekly_digests row per member and week — unique on (member, week), so two instances that run at
// once make it once — then queues the email job of every digest not yet finished, keyed by the
// digest: the job may be queued on every run and sends once.

/** A digest moment missed by more than this (no scheduler ran) is skipped: that week's items go in the next one. */
const CATCH_UP_MS = 24 * 60 * 60_000;

export async function runWeeklyDigests({ now }: { now: Date }) {
  const prisma = await getDb();
  const members = await prisma.user.findMany({
    where: { family_id: { not: null } },
    select: {
      id: true,
      created_at: true,
      weekly_plans_received: { where: { status: { not: "stopped" } }, select: { time_zone: true, origin: true }, take: 1 },
    },
  });
  const appUrl = getEnv().APP_URL;
  const due = members.flatMap((member) => {
    const plan = member.weekly_plans_received[0];
    const weekOf = latestDigestMoment(plan?.time_zone ?? DIGEST_DEFAULT_TIME_ZONE, now);
    // Joined after this week's moment: their first digest is next week's.
    if (now.getTime() - weekOf.getTime() > CATCH_UP_MS || member.created_at >= weekOf) return [];
    const origin = appUrl ? new URL(appUrl).origin : (plan?.origin ?? "http://localhost:3000");
    return [{ user_id: member.id, week_of: weekOf, origin }];
  });
  const { count: created } = due.length > 0 ? await prisma.weeklyDigest.createMany({ data: due, skipDuplicates: true }) : { count: 0 };

  // Every digest still waiting, including ones another run made but could not queue.
  const waiting = await prisma.weeklyDigest.findMany({
    where: { status: null, week_of: { gte: new Date(now.getTime() - CATCH_UP_MS) } },
    select: { id: true },
  });
  for (const digest of waiting) await enqueueJob(weeklyDigestEmailJob, { digestId: digest.id }, { singletonKey: digest.id });
  return { created, queued: waiting.length };
}

export const weeklyDigestsSchedulerJob = defineJob({
  name: "weekly-digests",
  schema: z.null(),
  handler: (_data, attempt) => runWeeklyDigests({ now: attempt.now }),
  retryLimit: 2,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  schedule: "7 * * * *",
  // One run at a time (docs/decisions/012-jobs.md).
  policy: "exclusive",
});
