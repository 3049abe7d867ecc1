"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { keepDraft, takeDraft, type Kept } from "@/components/forms/signed-out-draft";
import { DraftRestoredNotice, SignedOutNotice } from "@/components/forms/signed-out-notice";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { answerFormSchema, type AnswerFormValues } from "@/lib/schemas/questionnaires";
import { AlreadyAnswered } from "./already-answered";
import { ANSWER_PLACEHOLDER, SAVE_FAILED, SHARE_PROMPT, SHARING_FAILED, sharingToasts } from "./messages";
import { RequiredMark } from "./required-mark";

export type AnswerFormQuestion = {
  id: string;
  question_text: string;
  description: string | null;
  is_required: boolean;
  input_type: "text" | "textarea";
};

/**
 * Asked right after the answers are saved: share them with the family now, or keep them private.
 * Either way the choice can be changed later under My Completed Questionnaires.
 */
function SharePrompt({ submissionId, onDone }: { submissionId: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [sharing, setSharing] = useState(false);

  // The form that had the focus is gone: the question takes it, so it is read out at once.
  useEffect(() => heading.current?.focus(), []);

  async function share() {
    setSharing(true);
    const result = await apiRequest(`/questionnaires/submissions/${submissionId}/toggle-shared`, { method: "PATCH", json: { is_shared: true } });
    setSharing(false);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_FAILED });
      return;
    }
    const message = sharingToasts.submission(true);
    toast.success(message.title, { description: message.description });
    onDone();
  }

  function keepPrivate() {
    toast.success(SHARE_PROMPT.keptTitle, { description: SHARE_PROMPT.keptDescription });
    onDone();
  }

  return (
    <section aria-labelledby="share-prompt" className="flex flex-col gap-4 rounded-xl border-2 border-primary/50 bg-card p-6 shadow-sm">
      <h2 id="share-prompt" ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {SHARE_PROMPT.question}
      </h2>
      <p>{SHARE_PROMPT.explanation}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" size="lg" onClick={share} disabled={sharing}>
          {sharing ? "Sharing..." : SHARE_PROMPT.share}
        </Button>
        <Button type="button" size="lg" variant="outline" onClick={keepPrivate} disabled={sharing}>
          {SHARE_PROMPT.keep}
        </Button>
      </div>
    </section>
  );
}

/** Answers kept when a save met an ended session. */
type AnswerDraft = AnswerFormValues;

/** One field per question; each shows its own message under it (docs/product.md §5). */
export function AnswerForm({ questions, viewerId, draftKey }: { questions: AnswerFormQuestion[]; viewerId: string; draftKey: string }) {
  const router = useRouter();
  const [signedOut, setSignedOut] = useState<Kept | null>(null);
  const [restored, setRestored] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const schema = useMemo(() => answerFormSchema(questions), [questions]);
  const form = useForm<AnswerFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { answers: questions.map(() => "") },
    reValidateMode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;

  // Answers kept when the session ended come back once their author has signed in again.
  const { reset } = form;
  useEffect(() => {
    let cancelled = false;
    void takeDraft<AnswerDraft>(draftKey, viewerId).then((draft) => {
      if (!draft || cancelled) return;
      reset({ answers: questions.map((_, index) => draft.values.answers[index] ?? "") }, { keepDefaultValues: true });
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [draftKey, viewerId, reset, questions]);

  const submit = form.handleSubmit(async (values) => {
    setSignedOut(null);
    const result = await apiRequest<{ submission: { id: string } }>("/questionnaires/responses", {
      json: { responses: questions.map((question, index) => ({ question_id: question.id, answer_text: values.answers[index] ?? "" })) },
    });
    if (result.ok) {
      toast.success("Success", { description: "Your responses have been saved successfully." });
      setSaved(result.data.submission.id);
      return;
    }
    if (result.status === 409) {
      setConflict(result.error);
      return;
    }
    if (result.status === 401) {
      setSignedOut(await keepDraft(draftKey, viewerId, values));
      return;
    }
    questions.forEach((question, index) => {
      const message = result.fieldErrors?.[question.id]?.[0];
      if (message) form.setError(`answers.${index}`, { message });
    });
    toast.error("Error", { description: SAVE_FAILED });
  });

  if (conflict) return <AlreadyAnswered message={conflict} />;
  if (saved) {
    return (
      <SharePrompt
        submissionId={saved}
        onDone={() => {
          router.push("/questionnaires");
          router.refresh();
        }}
      />
    );
  }

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Answers" className="flex flex-col gap-6">
      {signedOut && <SignedOutNotice action="save your answers" kept={signedOut} />}
      {restored && !signedOut && <DraftRestoredNotice save="Submit" />}
      {questions.some((question) => question.is_required) && (
        <p className="text-muted-foreground">
          Questions marked{" "}
          <span aria-hidden="true" className="font-bold text-destructive">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      )}
      <ol className="flex flex-col gap-6">
        {questions.map((question, index) => {
          const control = form.register(`answers.${index}`);
          const id = `answer-${question.id}`;
          return (
            <li key={question.id} className="rounded-xl border bg-card p-5 shadow-sm">
              <FormField
                id={id}
                label={
                  <span className="text-lg font-semibold">
                    {question.question_text}
                    {question.is_required && <RequiredMark />}
                  </span>
                }
                hint={question.description ?? undefined}
                error={errors.answers?.[index]?.message}
                required={question.is_required}
              >
                {(field) =>
                  question.input_type === "textarea" ? (
                    <Textarea {...field} placeholder={ANSWER_PLACEHOLDER} rows={5} {...control} />
                  ) : (
                    <Input {...field} placeholder={ANSWER_PLACEHOLDER} {...control} />
                  )
                }
              </FormField>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="lg">
          <Link href="/questionnaires">Cancel</Link>
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Submitting..." : "Submit"}
        </Button>
      </div>
    </form>
  );
}
