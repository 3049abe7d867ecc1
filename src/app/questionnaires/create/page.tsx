import type { Metadata } from "next";
import { AuthRequired } from "@/components/auth/auth-required";
import { CreateQuestionnaireForm } from "@/components/questionnaires/create-questionnaire-form";
import { SIGN_IN_TO_QUESTIONNAIRES } from "@/components/questionnaires/messages";
import { getCurrentUser } from "@/server/accounts/auth/current-user";

export const metadata: Metadata = { title: "Create Custom Family Questionnaire" };

const HEADING = "Create Custom Family Questionnaire";

export default async function CreateQuestionnairePage() {
  const user = await getCurrentUser();
  if (!user) return <AuthRequired heading={HEADING} message={SIGN_IN_TO_QUESTIONNAIRES} path="/questionnaires/create" />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{HEADING}</h1>
        <p className="text-lg text-muted-foreground">Ask your family the questions only your family can answer.</p>
      </div>
      <CreateQuestionnaireForm viewerId={user.id} />
    </div>
  );
}
