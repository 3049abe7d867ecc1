import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { AlreadyAnswered } from "@/components/questionnaires/already-answered";
import { AnswerForm } from "@/components/questionnaires/answer-form";
import { LOAD_DETAILS_FAILED, SIGN_IN_TO_QUESTIONNAIRES } from "@/components/questionnaires/messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { AppError } from "@/server/platform/http/app-error";
import { getQuestionnaire } from "@/server/questions/questionnaires/get-questionnaire";

export const metadata: Metadata = { title: "Questionnaire" };

type Loaded = Awaited<ReturnType<typeof getQuestionnaire>>;

async function load(viewer: NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>, questionnaireId: string): Promise<Loaded | "not-found" | "failed"> {
  try {
    return await getQuestionnaire({ viewer, questionnaireId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return "not-found";
    console.error("Loading a questionnaire failed", error);
    return "failed";
  }
}

function ReturnButton() {
  return (
    <Button asChild size="lg" className="self-start">
      <Link href="/questionnaires">Return to Questionnaires</Link>
    </Button>
  );
}

export default async function QuestionnairePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  const { id } = await params;
  if (!user) return <AuthRequired heading="Questionnaire" message={SIGN_IN_TO_QUESTIONNAIRES} path={`/questionnaires/${encodeURIComponent(id)}`} />;
  const loaded = await load(user, id);

  if (loaded === "not-found") {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Questionnaire not found</h1>
        <ReturnButton />
      </div>
    );
  }
  if (loaded === "failed") {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Questionnaire</h1>
        <Alert variant="destructive" role="alert">
          {LOAD_DETAILS_FAILED}
        </Alert>
        <ReturnButton />
      </div>
    );
  }

  const { questionnaire, questions, ownAnswers, answeredQuestionIds } = loaded;
  // A set begun one answer at a time (Ask a Question, weekly questions): the form asks only what it still lacks.
  const open = ownAnswers === "begun" ? questions.filter((question) => !answeredQuestionIds.includes(question.id)) : questions;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{questionnaire.title}</h1>
        {questionnaire.description && <p className="text-lg text-muted-foreground">{questionnaire.description}</p>}
      </div>
      {ownAnswers === "begun" && (
        <Alert role="status" className="text-lg">
          You have answered {answeredQuestionIds.length} of {questions.length} questions of this questionnaire; they are under{" "}
          <Link href="/completed-questionnaires" className="font-medium text-primary underline underline-offset-4">
            My Completed Questionnaires
          </Link>
          . The other questions are below.
        </Alert>
      )}
      {ownAnswers === "finished" ? (
        <AlreadyAnswered />
      ) : (
        <AnswerForm
          questions={open}
          viewerId={user.id}
          draftKey={`answers:${questionnaire.id}${ownAnswers === "begun" ? `:after-${answeredQuestionIds.length}` : ""}`}
        />
      )}
    </div>
  );
}
