import type { Metadata } from "next";
import Link from "next/link";
import { FamilyMembersTable } from "@/components/dashboard/family-members-table";
import { FamilyNewsCard } from "@/components/dashboard/family-news-card";
import { InviteByEmailCard } from "@/components/dashboard/invite-by-email-card";
import { InviteLinkCard } from "@/components/dashboard/invite-link-card";
import { NextStepsCard } from "@/components/dashboard/next-steps-card";
import { OnThisDayCard } from "@/components/dashboard/on-this-day-card";
import { WaitingQuestionsCard } from "@/components/dashboard/waiting-questions-card";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { WeeklyPlansCard } from "@/components/weekly-questions/weekly-plans-card";
import { fullName } from "@/lib/people";
import { publicOrigin, requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { readFamilyNews } from "@/server/family/dashboard/family-news";
import { getNextSteps } from "@/server/family/dashboard/get-next-steps";
import { listInvitations } from "@/server/family/email-invitations/list-invitations";
import { getFamilyInvite } from "@/server/family/invite-links/get-family-invite";
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { countPendingFollowUps } from "@/server/questions/follow-ups/pending-follow-ups";
import { listWeeklyPlans } from "@/server/questions/weekly-questions/list-weekly-plans";

export const metadata: Metadata = { title: "Family Dashboard" };

export default async function FamilyDashboardPage() {
  const user = await requireUserOrRedirect("/family-dashboard");
  const origin = await publicOrigin();
  const [news, nextSteps, members, invite, invitations, weekly, waitingQuestions] = await Promise.all([
    readFamilyNews({ viewer: user }),
    getNextSteps({ viewer: user }),
    listFamilyMembers({ viewer: user }),
    user.family_id ? getFamilyInvite({ viewer: user, origin }) : null,
    user.family_id ? listInvitations({ viewer: user }) : null,
    listWeeklyPlans({ viewer: user }),
    countPendingFollowUps({ viewer: user }),
  ]);
  const name = fullName(user) || user.email;

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Family Dashboard</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-2xl">
            Welcome {name}
          </CardTitle>
          <CardDescription className="text-base">You are now logged in to your family dashboard.</CardDescription>
        </CardHeader>
        <p>
          <Link href="/settings" className="rounded-md py-2 font-medium text-primary underline underline-offset-4">
            Settings: choose which emails you get
          </Link>
        </p>
      </Card>
      {/* With relatives in the family, what they shared comes first; alone, the first steps do. */}
      {user.family_id && (members.length > 1 || news.items.length > 0) && <FamilyNewsCard items={news.items} />}
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
