import type { Metadata } from "next";
import Link from "next/link";
import { LandingPage } from "@/components/landing/landing-page";
import { QuestionToAsk } from "@/components/questionnaires/question-to-ask";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { pickQuestionToAsk } from "@/server/questions/questionnaires/pick-question-to-ask";

export const metadata: Metadata = { title: "Ask a Question" };

// docs/product.md §2: for a member, /ask offers a question of the library they have not answered
// yet; for an anonymous visitor it is the landing page, as / is.
export default async function AskPage() {
  const user = await getCurrentUser();
  if (!user) return <LandingPage signedIn={false} />;
  const offered = await pickQuestionToAsk({ viewer: user });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Ask a Question</h1>
        <p className="text-lg text-muted-foreground">A question from the library for you to answer now, in your own words.</p>
      </div>
      {offered ? (
        <QuestionToAsk key={offered.question.id} offered={offered} />
      ) : (
        <Card role="region" aria-labelledby="all-answered">
          <CardHeader>
            <CardTitle as="h2" id="all-answered">
              You have answered every question of the library
            </CardTitle>
            <CardDescription className="text-base">Your family&apos;s own questionnaires are waiting under Questionnaires.</CardDescription>
          </CardHeader>
          <p>
            <Link href="/questionnaires" className="inline-flex min-h-11 items-center rounded-md font-medium text-primary underline underline-offset-4">
              All questionnaires
            </Link>
          </p>
        </Card>
      )}
      <Card role="region" aria-labelledby="ask-family">
        <CardHeader>
          <CardTitle as="h2" id="ask-family">
            Ask your family
          </CardTitle>
          <CardDescription className="text-base">Write questions of your own for your relatives to answer.</CardDescription>
        </CardHeader>
        <p>
          <Link href="/questionnaires/create" className="inline-flex min-h-11 items-center rounded-md font-medium text-primary underline underline-offset-4">
            Create Custom Questionnaire
          </Link>
        </p>
      </Card>
    </div>
  );
}
