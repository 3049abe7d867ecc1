import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { WeeklyAnswerForm } from "@/components/weekly-questions/weekly-answer-form";
import { WeeklyAnswerPhotos } from "@/components/weekly-questions/weekly-answer-photos";
import { WeeklyAnswerRecording } from "@/components/weekly-questions/weekly-answer-recording";
import { WeeklyAnswerSharing } from "@/components/weekly-questions/weekly-answer-sharing";
import { signInHref } from "@/lib/next-path";
import { ANSWER_LINK_INVALID } from "@/lib/schemas/weekly-questions";
import { ALREADY_ANSWERED_BY_LINK, readAnswerLink } from "@/server/questions/weekly-questions/answer-weekly-question";

// The page a weekly email's button opens (docs/product.md §13): that one question, made for a
// phone — big type, one text area, Save — without a password. Opening it changes nothing (mail
// scanners open links too); saving uses the link. A used or expired link asks to sign in.

export const metadata: Metadata = { title: "Answer a question", referrer: "no-referrer", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function SignInInstead({ title, message }: { title: string; message: string }) {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-3xl font-bold">{title}</h1>
        <CardDescription className="text-lg text-foreground">{message}</CardDescription>
      </CardHeader>
      <div>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link href={signInHref("/completed-questionnaires")}>Sign in to Family Book</Link>
        </Button>
      </div>
    </Card>
  );
}

export default async function AnswerPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const link = typeof token === "string" ? await readAnswerLink({ token }) : ({ state: "invalid" } as const);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      {link.state === "open" ? (
        <>
          <div className="flex flex-col gap-3">
            <p className="text-lg text-muted-foreground">
              {link.asked_by ? `${link.asked_by} asks you` : `Your question this week`}, from “{link.questionnaire_title}”
            </p>
            <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{link.question_text}</h1>
            {link.description && <p className="text-xl leading-relaxed">{link.description}</p>}
          </div>
          <WeeklyAnswerForm
            token={token as string}
            sendId={link.send_id}
            firstName={link.first_name}
            recipientId={link.recipient_id}
            questionText={link.question_text}
            sharedByDefault={link.share_by_default}
          />
        </>
      ) : link.state === "answered" && link.answer ? (
        <>
          <div className="flex flex-col gap-3">
            <h1 className="text-3xl font-bold">Already answered</h1>
            <p className="text-xl leading-relaxed">{link.answer.question_text}</p>
          </div>
          <WeeklyAnswerSharing token={token as string} heading={`${link.answer.first_name}, your answer is saved.`} initialShared={link.answer.is_shared} />
          <WeeklyAnswerRecording
            token={token as string}
            responseId={link.answer.response_id}
            owner={link.answer.recipient_id}
            title={link.answer.question_text}
            recording={link.answer.recording}
          />
          <WeeklyAnswerPhotos token={token as string} photos={link.answer.photos} />
        </>
      ) : link.state === "answered" ? (
        <SignInInstead title="Already answered" message={ALREADY_ANSWERED_BY_LINK} />
      ) : (
        <SignInInstead title="This link has expired" message={ANSWER_LINK_INVALID} />
      )}
    </div>
  );
}
