"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { useTypedBeforeScripts } from "@/components/forms/typed-before-scripts";
import type { RecordingCalls } from "@/components/recordings/recording-calls";
import { RecordingEditor } from "@/components/recordings/recording-editor";
import type { ToldAnswerDto } from "@/components/recordings/upload-recording";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { answerProblem, MAX_ANSWER_LENGTH } from "@/lib/schemas/questionnaires";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import { WeeklyAnswerPhotos } from "./weekly-answer-photos";
import { WeeklyAnswerRecording } from "./weekly-answer-recording";
import { WeeklyAnswerSharing } from "./weekly-answer-sharing";

// The one text area and Save of the answer page (docs/product.md §13): big type for a phone, the
// rule checked here as the server checks it, and a thank-you in place once it is saved. Beneath it,
// the answer can be told out loud instead: the recording alone answers the question.

export function WeeklyAnswerForm({
  token,
  sendId,
  firstName,
  recipientId,
  questionText,
  sharedByDefault,
}: {
  token: string;
  /** The week's question: a take of its answer in the making is kept in the browser under it. */
  sendId: string;
  firstName: string;
  recipientId: string;
  questionText: string;
  sharedByDefault: boolean;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ shared: boolean; responseId: string; recording: RecordingDto | null } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // Uncontrolled, so that a choice made before the page's scripts ran is the one sent.
  const shareChoice = useRef<HTMLInputElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);
  useTypedBeforeScripts(field, setText);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem = answerProblem(text, true);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setSaving(true);
    const isShared = shareChoice.current?.checked ?? sharedByDefault;
    const result = await apiRequest<{ answer: { is_shared: boolean; response_id: string } }>("/weekly-questions/answer", {
      json: { token, answer_text: text, is_shared: isShared },
    });
    setSaving(false);
    if (!result.ok) {
      if (result.fieldErrors?.answer_text?.[0]) setError(result.fieldErrors.answer_text[0]);
      else setFormError(result.error);
      return;
    }
    setSaved({ shared: result.data.answer.is_shared, responseId: result.data.answer.response_id, recording: null });
  }

  // Told out loud, the recording answers the question: alone, or with the words typed above it,
  // which are saved first so that nothing typed is lost. The answer is shared as the box says when
  // it is sent (read then, so the calls stay the same while it is ticked or not).
  const typed = useRef<{ response_id: string; is_shared: boolean } | null>(null);
  const outLoud = useMemo<RecordingCalls>(
    () => ({
      get target() {
        const shared = shareChoice.current?.checked ?? sharedByDefault;
        return `/api/weekly-questions/answer/recording?token=${encodeURIComponent(token)}&shared=${shared}`;
      },
      remove: () => apiRequest("/weekly-questions/answer/recording", { method: "DELETE", json: { token } }),
      before: async () => {
        const words = field.current?.value ?? "";
        if (typed.current || words.trim() === "") return null;
        const problem = answerProblem(words, true);
        if (problem) {
          setError(problem);
          return `${problem} Or clear the box to send the recording alone.`;
        }
        const result = await apiRequest<{ answer: { is_shared: boolean; response_id: string } }>("/weekly-questions/answer", {
          json: { token, answer_text: words, is_shared: shareChoice.current?.checked ?? sharedByDefault },
        });
        if (!result.ok) return result.error;
        typed.current = result.data.answer;
        return null;
      },
    }),
    [token, sharedByDefault],
  );
  function answeredOutLoud(upload: { recording: RecordingDto; answer?: ToldAnswerDto }) {
    const answer = upload.answer ?? typed.current;
    if (answer) setSaved({ shared: answer.is_shared, responseId: answer.response_id, recording: upload.recording });
  }

  // The form is gone: the thank-you takes the focus, so a screen reader says it at once.
  useEffect(() => {
    if (saved) thanks.current?.focus();
  }, [saved]);

  if (saved) {
    return (
      <>
        <WeeklyAnswerSharing token={token} heading={`Thank you, ${firstName}! Your answer is saved.`} headingRef={thanks} initialShared={saved.shared} />
        <WeeklyAnswerRecording token={token} responseId={saved.responseId} owner={recipientId} title={questionText} recording={saved.recording} />
        <WeeklyAnswerPhotos token={token} photos={[]} />
      </>
    );
  }

  return (
    <>
      <form {...handledByScripts} onSubmit={save} noValidate aria-label="Answer this question" className="flex flex-col gap-4">
        {formError && (
          <Alert variant="destructive" role="alert">
            {formError}
          </Alert>
        )}
        <Label htmlFor="weekly-answer" className="text-lg">
          Your answer
        </Label>
        <Textarea
          ref={field}
          id="weekly-answer"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MAX_ANSWER_LENGTH}
          rows={8}
          required
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`weekly-answer-hint${error ? " weekly-answer-error" : ""}`}
          className="min-h-56 text-xl leading-relaxed"
        />
        <p id="weekly-answer-hint" className="text-base text-muted-foreground">
          {sharedByDefault
            ? "Your answer will be shared with your family in the Family Book. You can hide it later."
            : "Your answer stays private until you choose to share it."}
        </p>
        <label className="flex min-h-11 items-start gap-3 text-lg">
          <input ref={shareChoice} type="checkbox" name="is_shared" defaultChecked={sharedByDefault} className="mt-1 size-6 shrink-0 accent-primary" />
          <span>Share this answer with my family in the Family Book</span>
        </label>
        {error && (
          <p id="weekly-answer-error" className="text-lg font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={saving} className="min-h-14 w-full text-xl">
          {saving ? "Saving..." : "Save"}
        </Button>
      </form>
      <RecordingEditor
        calls={outLoud}
        place={`weekly:${sendId}`}
        owner={recipientId}
        title={questionText}
        initial={null}
        tells="openAnswer"
        onSent={answeredOutLoud}
      />
    </>
  );
}
