"use client";

import Link from "next/link";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { useTypedBeforeScripts } from "@/components/forms/typed-before-scripts";
import { followUpRecordingCalls, type RecordingCalls } from "@/components/recordings/recording-calls";
import { ToldOutLoud } from "@/components/recordings/told-out-loud";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { formatRelativeTime } from "@/lib/dates";
import { familyBookItemPath } from "@/lib/family-book/item-path";
import { FOLLOW_UP_ANSWER_MAX_LENGTH, followUpAnswerProblem } from "@/lib/follow-ups";
import { fullName } from "@/lib/people";
import type { FollowUpDto } from "@/server/questions/follow-ups/follow-up-dto";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import { FollowUpRecording } from "./follow-up-recording";

// The author's waiting questions (docs/product.md §22): each with who asked, about which story,
// and a box to answer it once, or "Tell it out loud" to answer it with a recording (alone, or with
// the words typed). An answered question leaves the list for "Answered just now", where the answer
// can be told out loud too; what was typed stays in its box whenever the answer is refused.

/** Who asked about which story: "Olivia Smith asked about “The lake”". */
function askedAbout(followUp: FollowUpDto) {
  const story = followUp.item.type === "memory" ? `“${followUp.item.title}”` : `your answer to “${followUp.item.title}”`;
  return { asker: fullName(followUp.asked_by), story };
}

function WaitingQuestion({
  followUp,
  viewerId,
  onAnswered,
}: {
  followUp: FollowUpDto;
  viewerId: string;
  onAnswered: (answered: FollowUpDto, recording: RecordingDto | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeScripts(field, setText);
  const { asker, story } = askedAbout(followUp);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = followUpAnswerProblem(text);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const result = await apiRequest<{ follow_up: FollowUpDto }>(`/follow-ups/${followUp.id}/answer`, { json: { answer: text } });
    setSaving(false);
    if (!result.ok) {
      setError(result.fieldErrors?.answer?.[0] ?? result.error);
      return;
    }
    toast.success("Answer sent", {
      description: `It now shows under ${story} in the Family Book.`,
    });
    onAnswered(result.data.follow_up, null);
  }

  // Told out loud, the recording answers the question: alone, or with the words typed above it,
  // which are sent first so that nothing typed is lost.
  const typed = useRef<FollowUpDto | null>(null);
  const outLoud = useMemo<RecordingCalls>(
    () => ({
      ...followUpRecordingCalls(followUp.id),
      before: async () => {
        const words = field.current?.value ?? "";
        if (typed.current || words.trim() === "") return null;
        const problem = followUpAnswerProblem(words);
        if (problem) {
          setError(problem);
          return `${problem} Or clear the box to send the recording alone.`;
        }
        const result = await apiRequest<{ follow_up: FollowUpDto }>(`/follow-ups/${followUp.id}/answer`, { json: { answer: words } });
        if (!result.ok) return result.fieldErrors?.answer?.[0] ?? result.error;
        typed.current = result.data.follow_up;
        return null;
      },
    }),
    [followUp.id],
  );
  function answeredOutLoud(upload: { recording: RecordingDto; followUp?: FollowUpDto }) {
    const answered = upload.followUp ?? typed.current;
    if (answered) onAnswered(answered, upload.recording);
  }

  return (
    <li id={`follow-up-${followUp.id}`} className="scroll-mt-24">
      <article aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {asker} asked about {story}
        </h2>
        <p className="text-muted-foreground">
          Asked <time dateTime={followUp.created_at}>{formatRelativeTime(followUp.created_at)}</time> ·{" "}
          <Link
            href={familyBookItemPath(followUp.item, viewerId)}
            className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
          >
            Read the story
          </Link>
        </p>
        <blockquote className="border-l-4 border-primary/40 pl-4 text-lg break-words whitespace-pre-line">{followUp.question}</blockquote>
        <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-2">
          <Label htmlFor={`${id}-answer`}>Your answer to {followUp.asked_by.first_name}</Label>
          <Textarea
            ref={field}
            id={`${id}-answer`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={FOLLOW_UP_ANSWER_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-base text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Sending..." : "Send answer"}
            </Button>
          </div>
        </form>
        <ToldOutLoud
          calls={outLoud}
          place={`follow-up:${followUp.id}`}
          owner={viewerId}
          title={followUp.question}
          forWhat={`to answer ${asker}: ${followUp.question}`}
          recording={null}
          tells="openAnswer"
          onChange={() => {}}
          onSent={answeredOutLoud}
        />
      </article>
    </li>
  );
}

/**
 * A question just answered: the answer as sent, and the recorder to tell it out loud as well
 * (docs/product.md §22). It takes the focus the answered question's box had.
 */
function AnsweredQuestion({ followUp, recording, viewerId }: { followUp: FollowUpDto; recording: RecordingDto | null; viewerId: string }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { asker, story } = askedAbout(followUp);
  useEffect(() => heading.current?.focus(), []);
  return (
    <li>
      <article aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none focus-visible:ring-3 focus-visible:ring-ring">
          You answered {asker} about {story}
        </h3>
        <blockquote className="border-l-4 border-primary/40 pl-4 text-lg break-words whitespace-pre-line">{followUp.question}</blockquote>
        {followUp.answer?.trim() ? (
          <>
            <p className="text-lg break-words whitespace-pre-line">
              <span className="font-semibold">Your answer:</span> {followUp.answer}
            </p>
            {!recording && (
              <p className="text-base text-muted-foreground">Would you rather say it? Tell it out loud too: your family hears it with your answer.</p>
            )}
          </>
        ) : (
          <p className="text-lg">
            <span className="font-semibold">Your answer:</span> told out loud. Your family hears it under the story.
          </p>
        )}
        <FollowUpRecording followUpId={followUp.id} question={followUp.question} initial={recording} isAuthor viewerId={viewerId} />
      </article>
    </li>
  );
}

export function FollowUpAnswers({ initial, viewerId }: { initial: FollowUpDto[]; viewerId: string }) {
  const [waiting, setWaiting] = useState(initial);
  const [answered, setAnswered] = useState<{ followUp: FollowUpDto; recording: RecordingDto | null }[]>([]);

  // A notification or an email links to one question: bring it into view and put the cursor in its box.
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    target?.scrollIntoView({ block: "start" });
    target?.querySelector("textarea")?.focus({ preventScroll: true });
  }, []);

  return (
    <>
      <p aria-live="polite" className="text-lg font-medium">
        {waiting.length === 0
          ? "No questions are waiting for you."
          : waiting.length === 1
            ? "1 question is waiting for your answer."
            : `${waiting.length} questions are waiting for your answer.`}
      </p>
      {waiting.length > 0 && (
        <ol className="flex flex-col gap-6" aria-label="Waiting questions, oldest first">
          {waiting.map((followUp) => (
            <WaitingQuestion
              key={followUp.id}
              followUp={followUp}
              viewerId={viewerId}
              onAnswered={(done, recording) => {
                setWaiting((current) => current.filter((entry) => entry.id !== followUp.id));
                setAnswered((current) => [{ followUp: done, recording }, ...current]);
              }}
            />
          ))}
        </ol>
      )}
      {answered.length > 0 && (
        <section aria-labelledby="answered-just-now" className="flex flex-col gap-4">
          <h2 id="answered-just-now" className="text-2xl font-semibold">
            Answered just now
          </h2>
          <ul className="flex flex-col gap-6">
            {answered.map(({ followUp, recording }) => (
              <AnsweredQuestion key={followUp.id} followUp={followUp} recording={recording} viewerId={viewerId} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
