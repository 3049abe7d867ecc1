import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { getDb, queryRows } from "@/server/platform/db/client";
import { deliverEmail } from "@/server/platform/email/deliver-email";
import { messageIdFor } from "@/server/platform/email/message-id";
import { getEnv } from "@/server/platform/env";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { readEntries, toNotificationDto, visibleNotificationsSql } from "./list-notifications";

// The daily notification digest (docs/product.md §21, docs/decisions/029-notifications.md). Every
// hour, on some instance, the scheduler finds the members with notifications that are unread, not
// yet emailed, shown to them, and of a kind they want by email, whose last digest is a day old or
// more. It makes one notification_digests row per member and day (unique, so two instances make
// it once), claims those notifications for it, and queues its email job keyed by the digest. The
// job sends what is still unread and wanted at that moment, under a Message-ID named after the
// digest, so a job that runs again sends nothing. Relatives joining are not in it: they have
// their own email ("New relatives").

/** At most one digest per member in this long. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;
/** How many entries the email lists; the rest are counted. */
export const DIGEST_LIST_LIMIT = 20;

/** Notifications of kinds the recipient wants by email (no row: wanted), relatives joining aside. */
const wantedByEmail = Prisma.sql`AND v.kind <> 'member_joined'
  AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = v.recipient_id AND p.kind = v.kind AND NOT p.email)`;

const candidates = Prisma.sql`AND v.read_at IS NULL AND v.digest_id IS NULL ${wantedByEmail}`;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function runNotificationDigests({ now }: { now: Date }) {
  const prisma = await getDb();
  const dayAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  // Members with something that could go out, and no digest in the last day.
  const members = await prisma.user.findMany({
    where: {
      family_id: { not: null },
      notifications: { some: { read_at: null, digest_id: null, kind: { not: "member_joined" } } },
      notification_digests: { none: { created_at: { gt: dayAgo } } },
    },
    select: { id: true, family_id: true },
  });
  const appUrl = getEnv().APP_URL;
  const origin = appUrl ? new URL(appUrl).origin : "http://localhost:3000";
  let created = 0;
  for (const member of members) {
    const entries = await readEntries(member, { limit: 1000, where: candidates, inApp: false });
    if (entries.length === 0) continue;
    const made = await prisma.notificationDigest.createMany({
      data: [{ user_id: member.id, day: utcDay(now), origin, created_at: now }],
      skipDuplicates: true,
    });
    if (made.count === 0) continue;
    created += 1;
    const digest = await prisma.notificationDigest.findUniqueOrThrow({
      where: { user_id_day: { user_id: member.id, day: utcDay(now) } },
      select: { id: true },
    });
    // Every notification of the entries found (a reaction entry is several).
    const ids = await readIdsOf(member, candidates);
    await prisma.notification.updateMany({ where: { id: { in: ids }, recipient_id: member.id, digest_id: null }, data: { digest_id: digest.id } });
  }
  const waiting = await prisma.notificationDigest.findMany({ where: { status: null, created_at: { gt: dayAgo } }, select: { id: true } });
  for (const digest of waiting) await enqueueJob(notificationDigestEmailJob, { digestId: digest.id }, { singletonKey: digest.id });
  return { created, queued: waiting.length };
}

async function readIdsOf(viewer: { id: string; family_id: string | null }, where: Prisma.Sql) {
  const visible = visibleNotificationsSql(viewer, { inApp: false });
  if (!visible) return [];
  const rows = await queryRows(Prisma.sql`WITH v AS (${visible}) SELECT v.id::text AS id FROM v WHERE TRUE ${where}`, z.strictObject({ id: z.guid() }));
  return rows.map((row) => row.id);
}

const schema = z.strictObject({ digestId: z.uuid() });

export async function sendNotificationDigest({ digestId }: z.output<typeof schema>, now: Date) {
  const prisma = await getDb();
  const digest = await prisma.notificationDigest.findUnique({
    where: { id: digestId },
    select: { id: true, origin: true, status: true, user: { select: { id: true, first_name: true, family_id: true } } },
  });
  if (!digest) return { status: "no-digest" };
  if (digest.status) return { status: "already-finished" };
  const { user } = digest;
  // What is still unread, shown and wanted by email now (read or turned off since: left out).
  const entries = await readEntries(user, {
    limit: 1000,
    where: Prisma.sql`AND v.read_at IS NULL AND v.digest_id = ${digest.id}::uuid ${wantedByEmail}`,
    inApp: false,
  });
  const finish = (status: string) => prisma.notificationDigest.updateMany({ where: { id: digest.id, status: null }, data: { status, finished_at: now } });
  if (entries.length === 0) {
    await finish("nothing-new");
    return { status: "nothing-new" };
  }
  const listed = entries.slice(0, DIGEST_LIST_LIMIT).map(toNotificationDto);
  const outcome = await deliverEmail({
    messageId: messageIdFor(`notification-digest.${digest.id}`),
    template: "notification-digest",
    to: { userId: user.id },
    props: {
      firstName: user.first_name,
      entries: listed.map((entry) => ({ text: entry.text, url: `${digest.origin}${entry.href}` })),
      more: entries.length - listed.length,
      notificationsUrl: `${digest.origin}/notifications`,
    },
    origin: digest.origin,
  });
  const status = outcome.status === "already-sent" ? "sent" : outcome.status;
  await finish(status);
  return { status, count: entries.length };
}

export const notificationDigestsSchedulerJob = defineJob({
  name: "notification-digests",
  schema: z.null(),
  handler: (_data, attempt) => runNotificationDigests({ now: attempt.now }),
  retryLimit: 2,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  schedule: "37 * * * *",
  // One run at a time (docs/decisions/012-jobs.md).
  policy: "exclusive",
});

export const notificationDigestEmailJob = defineJob({
  name: "notification-digest-email",
  schema,
  handler: (data, attempt) => sendNotificationDigest(data, attempt.now),
  retryLimit: 8,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  // One waiting and one running per digest: the scheduler may queue it on every run.
  policy: "stately",
});
