"use client";

import { ArrowRightIcon, ListIcon, PenLineIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { keepDraft } from "@/components/forms/signed-out-draft";
import { useTypedBeforeScripts } from "@/components/forms/typed-before-scripts";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { answerProblem } from "@/lib/schemas/questionnaires";
import type { QuestionToAskDto } from "@/server/questionnaires/pick-question-to-ask";
import { ANSWER_PLACEHOLDER } from "./messages";

/** The draft a questionnaire's answering form takes up: the answer written on Ask a Question. */
export type AskedAnswerDraft = { answers: string[]; from: "ask"; questionText: string };

export const askedDraftKey = (questionnaireId: string) => `answers:${questionnaireId}`;

/**
 * Ask a Question for a member (docs/product.md §2): one library question they have not answered,
 * to write the answer here. The answer then goes into its questionnaire's form, filled in, where
 * it is saved with the questionnaire's other answers (docs/decisions/018-first-visit.md).
 */
export function QuestionToAsk({ offered, viewerId }: { offered: QuestionToAskDto; viewerId: string }) {
  const router = useRouter();
  const [answer, setAnswer] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeScripts(field, setAnswer);
  const { question, questionnaire, position } = offered;
  const questionnaireHref = `/questionnaires/${questionnaire.id}`;

  async function carryOn(event: FormEvent) {
    event.preventDefault();
    const found = answerProblem(answer, true);
    setProblem(found);
    if (found) {
      document.getElementById("asked-answer")?.focus();
      return;
    }
    setBusy(true);
    const answers = Array.from({ length: position + 1 }, (_, index) => (index === position ? answer : ""));
    await keepDraft<AskedAnswerDraft>(askedDraftKey(questionnaire.id), viewerId, { answers, from: "ask", questionText: question.question_text });
    router.push(questionnaireHref);
  }

  return (
    <Card role="region" aria-labelledby="asked-title">
      <CardHeader>
        <p className="font-semibold text-primary">A question for you</p>
        <CardTitle as="h2" id="asked-title" className="text-2xl">
          {question.question_text}
        </CardTitle>
        <CardDescription className="text-base">From the questionnaire “{questionnaire.title}”</CardDescription>
      </CardHeader>
      <form {...handledByScripts} onSubmit={carryOn} noValidate aria-labelledby="asked-title" className="flex flex-col gap-4">
        <FormField id="asked-answer" label="Your answer" hint={question.description ?? undefined} error={problem ?? undefined} required>
          {(control) => (
            <Textarea {...control} ref={field} rows={5} placeholder={ANSWER_PLACEHOLDER} value={answer} onChange={(event) => setAnswer(event.currentTarget.value)} disabled={busy} />
          )}
        </FormField>
        <p className="text-muted-foreground">
          Next, your answer is filled in on “{questionnaire.title}”, where you can answer its other questions too and save them all.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" disabled={busy}>
            <PenLineIcon aria-hidden="true" />
            {busy ? "Opening the questionnaire..." : "Continue with my answer"}
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={questionnaireHref}>
              Go to “{questionnaire.title}”
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </form>
      <p>
        <Link href="/questionnaires" className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium text-primary underline underline-offset-4">
          <ListIcon aria-hidden="true" className="size-5" />
          All questionnaires
        </Link>
      </p>
    </Card>
  );
}
