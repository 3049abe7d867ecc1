import type { Metadata } from "next";
import Link from "next/link";
import { InviteByEmailCard } from "@/components/dashboard/invite-by-email-card";
import { InviteLinkCard } from "@/components/dashboard/invite-link-card";
import { NextStepsCard } from "@/components/dashboard/next-steps-card";
import { OnThisDayCard } from "@/components/dashboard/on-this-day-card";
import { FamilyMembersTable } from "@/components/dashboard/family-members-table";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { publicOrigin, requireUserOrRedirect } from "@/server/auth/current-user";
import { getNextSteps } from "@/server/dashboard/get-next-steps";
import { listFamilyMembers } from "@/server/families/list-family-members";
import { listInvitations } from "@/server/invitations/list-invitations";
import { getFamilyInvite } from "@/server/invites/get-family-invite";
import { WaitingQuestionsCard } from "@/components/dashboard/waiting-questions-card";
import { WeeklyPlansCard } from "@/components/weekly-questions/weekly-plans-card";
import { countPendingFollowUps } from "@/server/follow-ups/pending-follow-ups";
import { listWeeklyPlans } from "@/server/weekly-questions/list-weekly-plans";

export const metadata: Metadata = { title: "Family Dashboard" };

export default async function FamilyDashboardPage() {
  const user = await requireUserOrRedirect("/family-dashboard");
  const origin = await publicOrigin();
  const [nextSteps, members, invite, invitations, weekly, waitingQuestions] = await Promise.all([
    getNextSteps({ viewer: user }),
    listFamilyMembers({ viewer: user }),
    user.family_id ? getFamilyInvite({ viewer: user, origin }) : null,
    user.family_id ? listInvitations({ viewer: user }) : null,
    listWeeklyPlans({ viewer: user }),
    countPendingFollowUps({ viewer: user }),
  ]);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Family Dashboard</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-2xl">Welcome {name}</CardTitle>
          <CardDescription className="text-base">You are now logged in to your family dashboard.</CardDescription>
        </CardHeader>
        <p>
          <Link href="/settings" className="rounded-md py-2 font-medium text-primary underline underline-offset-4">
            Settings: choose which emails you get
          </Link>
        </p>
      </Card>
      {waitingQuestions > 0 && <WaitingQuestionsCard count={waitingQuestions} />}
      <NextStepsCard nextSteps={nextSteps} hasFamily={Boolean(invite && invitations)} />
      <OnThisDayCard viewerId={user.id} />
      {user.family_id && <WeeklyPlansCard plans={weekly.plans} viewerId={user.id} />}
      {invite && (
        <>
          <InviteLinkCard invite={invite} />
          {invitations && <InviteByEmailCard invitations={invitations.invitations} viewerId={user.id} />}
          <FamilyMembersTable members={members} viewerId={user.id} />
        </>
      )}
    </div>
  );
}
