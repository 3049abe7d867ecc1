"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { useTypedBeforeScripts } from "@/components/forms/typed-before-scripts";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { formatRelativeTime } from "@/lib/dates";
import { familyBookItemPath } from "@/lib/family-book/item-path";
import { FOLLOW_UP_ANSWER_MAX_LENGTH, followUpAnswerProblem } from "@/lib/follow-ups";
import { fullName } from "@/lib/people";
import type { FollowUpDto } from "@/server/questions/follow-ups/follow-up-dto";

// The author's waiting questions (docs/product.md §22): each with who asked, about which story,
// and a box to answer it once. An answered question leaves the list, and what was typed stays in
// its box whenever the answer is refused.

function WaitingQuestion({ followUp, viewerId, onAnswered }: { followUp: FollowUpDto; viewerId: string; onAnswered: () => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeScripts(field, setText);
  const asker = fullName(followUp.asked_by);
  const story = followUp.item.type === "memory" ? `“${followUp.item.title}”` : `your answer to “${followUp.item.title}”`;

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
    onAnswered();
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
      </article>
    </li>
  );
}

export function FollowUpAnswers({ initial, viewerId }: { initial: FollowUpDto[]; viewerId: string }) {
  const [waiting, setWaiting] = useState(initial);

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
              onAnswered={() => setWaiting((current) => current.filter((entry) => entry.id !== followUp.id))}
            />
          ))}
        </ol>
      )}
    </>
  );
}
