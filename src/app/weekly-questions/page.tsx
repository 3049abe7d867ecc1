import type { Metadata } from "next";
import { AuthRequired } from "@/components/auth/auth-required";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { WeeklyPlanForm } from "@/components/weekly-questions/weekly-plan-form";
import { WeeklyPlansCard } from "@/components/weekly-questions/weekly-plans-card";
import { fullName } from "@/lib/people";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { listQuestionnaires } from "@/server/questions/questionnaires/list-questionnaires";
import { listWeeklyPlans } from "@/server/questions/weekly-questions/list-weekly-plans";

export const metadata: Metadata = { title: "Weekly questions" };

const HEADING = "Weekly questions";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Weekly questions (docs/product.md §13): the ones the member gets or set up, with Pause, Resume
// and Stop, and the form that starts new ones. Reached from the dashboard, the questionnaires
// page and every weekly email.
export default async function WeeklyQuestionsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  const { questionnaire } = await searchParams;
  if (!user) {
    const path = typeof questionnaire === "string" ? `/weekly-questions?questionnaire=${encodeURIComponent(questionnaire)}` : "/weekly-questions";
    return <AuthRequired heading={HEADING} message="Please sign in to set up or change weekly questions." path={path} />;
  }
  const [members, questionnaires, { plans }] = await Promise.all([
    listFamilyMembers({ viewer: user }),
    listQuestionnaires({ viewer: user }),
    listWeeklyPlans({ viewer: user }),
  ]);
  const recipients = [
    { id: user.id, label: "Me" },
    ...members.filter((member) => member.id !== user.id).map((member) => ({ id: member.id, label: fullName(member) })),
  ];
  // The form starts on UTC until the browser names its own zone; the IANA list leaves UTC out.
  const timeZones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  const initialQuestionnaireId = typeof questionnaire === "string" && questionnaires.some((entry) => entry.id === questionnaire) ? questionnaire : undefined;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <h1 className="text-3xl font-bold">{HEADING}</h1>
      <WeeklyPlansCard plans={plans} viewerId={user.id} showSetUpLink={false} />
      <Card role="region" aria-labelledby="weekly-set-up-title">
        <CardHeader>
          <CardTitle as="h2" id="weekly-set-up-title" className="text-2xl">
            Set up weekly questions
          </CardTitle>
          <CardDescription className="text-base">
            Each week, one question arrives by email with a large button that opens it ready to answer — no password needed. A lovely gift for a grandparent:
            their stories, one week at a time.
          </CardDescription>
        </CardHeader>
        <WeeklyPlanForm
          recipients={recipients}
          questionnaires={questionnaires.map((entry) => ({ id: entry.id, label: entry.title }))}
          timeZones={timeZones}
          initialQuestionnaireId={initialQuestionnaireId}
        />
      </Card>
    </div>
  );
}
