import "server-only";
import { fullName } from "@/lib/people";
import { familyPhrase } from "@/lib/schemas/invites";
import { inviteUrl } from "@/server/family/invite-links/family-invite-dto";
import { getDb } from "@/server/platform/db/client";
import { queueEmail } from "@/server/platform/email/queue-email";
import { getEnv } from "@/server/platform/env";

/**
 * Queues the invitation's email with the link of the code just issued (the only place the code
 * is kept). Whether the address already has an account is judged now, as the email is written.
 */
export async function queueInvitationEmail({ invitationId, code, origin }: { invitationId: string; code: string; origin: string }) {
  const prisma = await getDb();
  const invitation = await prisma.invitation.findUniqueOrThrow({
    where: { id: invitationId },
    select: {
      first_name: true,
      email: true,
      email_normalized: true,
      note: true,
      family: { select: { name: true } },
      invited_by: { select: { first_name: true, last_name: true } },
    },
  });
  const inviter = invitation.invited_by;
  const inviterName = inviter ? fullName(inviter) : "A relative";
  const account = await prisma.user.findUnique({ where: { email_normalized: invitation.email_normalized }, select: { id: true } });
  await queueEmail({
    template: "invitation",
    to: { address: invitation.email },
    props: {
      firstName: invitation.first_name,
      inviterName,
      familyPhrase: familyPhrase({ familyName: invitation.family.name, invitedBy: inviter?.first_name ?? null }),
      note: invitation.note,
      joinUrl: inviteUrl(origin, code),
      signInUrl: `${origin}/register?tab=login`,
      validDays: getEnv().INVITE_LINK_DAYS,
      hasAccount: account !== null,
    },
    origin,
  });
}
