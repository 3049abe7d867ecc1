import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { audienceLabel, LOAD_QUESTIONNAIRES_FAILED, NO_QUESTIONNAIRES, SIGN_IN_TO_QUESTIONNAIRES } from "@/components/questionnaires/messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/server/auth/current-user";
import { listQuestionnaires } from "@/server/questionnaires/list-questionnaires";
import type { QuestionnaireDto } from "@/server/questionnaires/questionnaire-dto";

export const metadata: Metadata = { title: "Family Questionnaires" };

const HEADING = "Family Questionnaires";

async function loadQuestionnaires(viewer: NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>) {
  try {
    return await listQuestionnaires({ viewer });
  } catch (error) {
    console.error("Loading questionnaires failed", error);
    return null;
  }
}

function QuestionnaireCard({ questionnaire }: { questionnaire: QuestionnaireDto }) {
  const type = audienceLabel(questionnaire);
  return (
    <li>
      <Card className="h-full">
        <CardHeader>
          <CardTitle as="h2">
            <Link href={`/questionnaires/${questionnaire.id}`} className="rounded-sm text-primary underline-offset-4 hover:underline">
              {questionnaire.title}
            </Link>
          </CardTitle>
          {questionnaire.description && <CardDescription className="text-base">{questionnaire.description}</CardDescription>}
        </CardHeader>
        {type && <p className="mt-auto text-sm font-medium">{type}</p>}
      </Card>
    </li>
  );
}

export default async function QuestionnairesPage() {
  const user = await getCurrentUser();
  if (!user) return <AuthRequired heading={HEADING} message={SIGN_IN_TO_QUESTIONNAIRES} />;
  const questionnaires = await loadQuestionnaires(user);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold">{HEADING}</h1>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <Link href="/completed-questionnaires">View My Completed Questionnaires</Link>
          </Button>
          <Button asChild>
            <Link href="/questionnaires/create">Create Custom Questionnaire</Link>
          </Button>
        </div>
      </div>
      {questionnaires === null ? (
        <Alert variant="destructive" role="alert">
          {LOAD_QUESTIONNAIRES_FAILED}
        </Alert>
      ) : questionnaires.length === 0 ? (
        <p className="text-lg text-muted-foreground">{NO_QUESTIONNAIRES}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Questionnaires">
          {questionnaires.map((questionnaire) => (
            <QuestionnaireCard key={questionnaire.id} questionnaire={questionnaire} />
          ))}
        </ul>
      )}
    </div>
  );
}
