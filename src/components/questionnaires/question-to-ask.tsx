"use client";

import { ArrowRightIcon, CheckCircle2Icon, ListIcon, SaveIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { useTypedBeforeScripts } from "@/components/forms/typed-before-scripts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { answerProblem } from "@/lib/schemas/questionnaires";
import type { QuestionToAskDto } from "@/server/questions/questionnaires/pick-question-to-ask";
import { ANSWER_PLACEHOLDER } from "./messages";

export const ANSWER_SAVED = "Your answer is saved.";

/**
 * Ask a Question for a member (docs/product.md §2): one library question they have not answered,
 * answered here and saved on its own — never pulled into its questionnaire's other questions.
 * It is then listed under My Completed Questionnaires, private until shared.
 */
export function QuestionToAsk({ offered }: { offered: QuestionToAskDto }) {
  const router = useRouter();
  const [answer, setAnswer] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  useTypedBeforeScripts(field, setAnswer);
  const { question, questionnaire } = offered;
  const questionnaireHref = `/questionnaires/${questionnaire.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = answerProblem(answer, true);
    setProblem(found);
    if (found) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    const result = await apiRequest(`/questionnaires/questions/${question.id}/answer`, { json: { answer_text: answer } });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.fieldErrors?.answer_text?.[0] ?? result.error);
      field.current?.focus();
      return;
    }
    setSaved(true);
  }

  // The form is gone: the confirmation takes the focus, so a screen reader says it at once.
  useEffect(() => {
    if (saved) confirmation.current?.focus();
  }, [saved]);

  if (saved) {
    return (
      <Card role="region" aria-labelledby="answer-saved">
        <CardHeader>
          <CardTitle as="h2" id="answer-saved" ref={confirmation} tabIndex={-1} className="flex items-center gap-2 text-2xl outline-none">
            <CheckCircle2Icon aria-hidden="true" className="size-7 text-primary" />
            {ANSWER_SAVED}
          </CardTitle>
          <CardDescription className="text-base">
            Your answer to “{question.question_text}” is under My Completed Questionnaires, where you can share it with your family.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button size="lg" onClick={() => router.refresh()}>
            <ArrowRightIcon aria-hidden="true" />
            Answer another question
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/completed-questionnaires">View My Completed Questionnaires</Link>
          </Button>
        </div>
      </Card>
    );
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
      <form {...handledByScripts} onSubmit={save} noValidate aria-labelledby="asked-title" className="flex flex-col gap-4">
        <FormField id="asked-answer" label="Your answer" hint={question.description ?? undefined} error={problem ?? undefined} required>
          {(control) => (
            <Textarea
              {...control}
              ref={field}
              rows={5}
              placeholder={ANSWER_PLACEHOLDER}
              value={answer}
              onChange={(event) => setAnswer(event.currentTarget.value)}
              disabled={busy}
            />
          )}
        </FormField>
        <Alert className="text-base">This answer is saved on its own: you need not answer the other questions of “{questionnaire.title}”.</Alert>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" disabled={busy}>
            <SaveIcon aria-hidden="true" />
            {busy ? "Saving your answer..." : "Save my answer"}
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
