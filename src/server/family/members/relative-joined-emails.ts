import "server-only";
import { z } from "zod";
import { fullName } from "@/lib/people";
import { familyPhrase } from "@/lib/schemas/invites";
import { notifyMemberJoined } from "@/server/news/notifications/record";
import { getDb } from "@/server/platform/db/client";
import { messageIdFor } from "@/server/platform/email/message-id";
import { queueEmail } from "@/server/platform/email/queue-email";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";

// "A relative joined" (docs/product.md §11): when someone joins a family, every other member is
// emailed, unless they turned these emails off ("New relatives"). One job per arrival queues one
// email per member, each with a Message-ID named after the arrival and the member, so a retried
// job queues nothing twice that was sent.

const schema = z.strictObject({ newMemberId: z.uuid(), origin: z.url() });

export async function queueRelativeJoinedEmails({ newMemberId, origin }: z.output<typeof schema>): Promise<{ queued: number }> {
  const prisma = await getDb();
  const newcomer = await prisma.user.findUnique({
    where: { id: newMemberId },
    select: { first_name: true, last_name: true, family_id: true, family: { select: { name: true } } },
  });
  if (!newcomer?.family_id) return { queued: 0 };
  const members = await prisma.user.findMany({ where: { family_id: newcomer.family_id, id: { not: newMemberId } }, select: { id: true, first_name: true } });
  const relativeName = fullName(newcomer);
  for (const member of members) {
    await queueEmail({
      template: "relative-joined",
      to: { userId: member.id },
      props: {
        firstName: member.first_name,
        relativeName,
        familyPhrase: familyPhrase({ familyName: newcomer.family?.name ?? null, invitedBy: null }),
        familyBookUrl: `${origin}/family-book`,
      },
      origin,
      messageId: messageIdFor(`relative-joined.${newMemberId}.${member.id}`),
    });
  }
  return { queued: members.length };
}

export const relativeJoinedEmailsJob = defineJob({
  name: "relative-joined-emails",
  schema,
  handler: (data) => queueRelativeJoinedEmails(data),
  retryLimit: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
});

/**
 * After someone joined a family (not when they started one): the rest of the family hears of it,
 * by a notification (docs/product.md §21) and by email. The account is made by then, so a queue
 * that cannot be reached is logged, not a failed sign-up.
 */
export async function announceNewRelative({ newMemberId, origin }: { newMemberId: string; origin: string }): Promise<void> {
  try {
    await notifyMemberJoined({ newMemberId });
  } catch (error) {
    console.error(`The notifications announcing new member ${newMemberId} to their family could not be recorded:`, error);
  }
  try {
    await enqueueJob(relativeJoinedEmailsJob, { newMemberId, origin });
  } catch (error) {
    console.error(`The emails announcing new member ${newMemberId} to their family could not be queued:`, error);
  }
}
