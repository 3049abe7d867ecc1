import { CheckIcon, Share2Icon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { audienceLabel, LOAD_QUESTIONNAIRES_FAILED, NO_QUESTIONNAIRES, SIGN_IN_TO_QUESTIONNAIRES } from "@/components/questionnaires/messages";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { listOwnAnswerStates, type OwnAnswerState } from "@/server/questions/questionnaires/list-own-answer-states";
import { listQuestionnaires } from "@/server/questions/questionnaires/list-questionnaires";
import type { QuestionnaireDto } from "@/server/questions/questionnaires/questionnaire-dto";

export const metadata: Metadata = { title: "Family Questionnaires" };

const HEADING = "Family Questionnaires";

async function loadQuestionnaires(viewer: NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>) {
  try {
    const [questionnaires, states] = await Promise.all([listQuestionnaires({ viewer }), listOwnAnswerStates({ viewer })]);
    return { questionnaires, states };
  } catch (error) {
    console.error("Loading questionnaires failed", error);
    return null;
  }
}

/**
 * A questionnaire's card: the whole card is the link (its title's link stretches over it), and
 * badges say whether the member has answered it and shared any of the answers.
 */
function QuestionnaireCard({ questionnaire, state }: { questionnaire: QuestionnaireDto; state?: OwnAnswerState }) {
  const type = audienceLabel(questionnaire);
  return (
    <li>
      <Card className="relative h-full transition-colors hover:border-primary hover:bg-accent/40 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
        <CardHeader>
          <CardTitle as="h2">
            <Link
              href={`/questionnaires/${questionnaire.id}`}
              className="text-primary underline-offset-4 outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
            >
              {questionnaire.title}
            </Link>
          </CardTitle>
          {questionnaire.description && <CardDescription className="text-base">{questionnaire.description}</CardDescription>}
        </CardHeader>
        {(state || type) && (
          <div className="mt-auto flex flex-wrap items-center gap-2">
            {state?.answered && (
              <Badge variant="secondary">
                <CheckIcon aria-hidden="true" className="size-4" />
                Answered
              </Badge>
            )}
            {state?.shared && (
              <Badge variant="outline">
                <Share2Icon aria-hidden="true" className="size-4" />
                Shared
              </Badge>
            )}
            {type && <p className="basis-full font-medium">{type}</p>}
          </div>
        )}
      </Card>
    </li>
  );
}

export default async function QuestionnairesPage() {
  const user = await getCurrentUser();
  if (!user) return <AuthRequired heading={HEADING} message={SIGN_IN_TO_QUESTIONNAIRES} path="/questionnaires" />;
  const loaded = await loadQuestionnaires(user);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold">{HEADING}</h1>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <Link href="/completed-questionnaires">View My Completed Questionnaires</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/weekly-questions">Weekly questions by email</Link>
          </Button>
          <Button asChild>
            <Link href="/questionnaires/create">Create Custom Questionnaire</Link>
          </Button>
        </div>
      </div>
      {loaded === null ? (
        <Alert variant="destructive" role="alert">
          {LOAD_QUESTIONNAIRES_FAILED}
        </Alert>
      ) : loaded.questionnaires.length === 0 ? (
        <p className="text-lg text-muted-foreground">{NO_QUESTIONNAIRES}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Questionnaires">
          {loaded.questionnaires.map((questionnaire) => (
            <QuestionnaireCard key={questionnaire.id} questionnaire={questionnaire} state={loaded.states.get(questionnaire.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
