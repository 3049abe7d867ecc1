"use client";

import { CheckIcon, ChevronDownIcon, Share2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatLongDate, formatShortDate } from "@/lib/dates";
import type { CompletedQuestionnaire } from "@/server/questionnaires/list-completed-questionnaires";
import type { ResponseDto, SubmissionDto } from "@/server/questionnaires/questionnaire-dto";
import { SHARING_ALL_FAILED, SHARING_FAILED, sharingToasts } from "./messages";
import { PRODUCT_NAME } from "@/lib/constants";

type Busy = "sharing" | "unsharing" | null;

/** A Share / Shared button: the word and a tick say the state, not colour alone. */
function ShareButton({ shared, busy, onClick, what }: { shared: boolean; busy: Busy; onClick: () => void; what: string }) {
  const label = busy === "sharing" ? "Sharing..." : busy === "unsharing" ? "Unsharing..." : shared ? "Shared" : "Share";
  return (
    <Button
      type="button"
      size="sm"
      variant={shared ? "secondary" : "outline"}
      aria-pressed={shared}
      disabled={busy !== null}
      onClick={onClick}
      className="min-w-28 self-start sm:self-auto"
    >
      {shared ? <CheckIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
      {label}
      <span className="sr-only"> {what}</span>
    </Button>
  );
}

function ResponseRow({
  questionText,
  response,
  onChange,
}: {
  questionText: string;
  response: ResponseDto | undefined;
  onChange: (response: ResponseDto) => void;
}) {
  const [busy, setBusy] = useState<Busy>(null);

  async function toggle() {
    if (!response) return;
    const next = !response.is_shared;
    setBusy(next ? "sharing" : "unsharing");
    const result = await apiRequest(`/questionnaires/responses/${response.id}/toggle-shared`, { method: "PATCH", json: { is_shared: next } });
    setBusy(null);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_FAILED });
      return;
    }
    onChange({ ...response, is_shared: next });
    const message = sharingToasts.response(next);
    toast.success(message.title, { description: message.description });
  }

  return (
    <li className="flex flex-col gap-3 border-t py-4 first:border-t-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{questionText}</p>
        {response ? (
          <p className="whitespace-pre-wrap break-words">{response.answer_text}</p>
        ) : (
          <p className="italic text-muted-foreground">No answer provided</p>
        )}
      </div>
      {response && <ShareButton shared={response.is_shared} busy={busy} onClick={toggle} what={`answer: ${questionText}`} />}
    </li>
  );
}

function SubmissionView({
  entry,
  submission,
  onChange,
}: {
  entry: CompletedQuestionnaire;
  submission: SubmissionDto;
  onChange: (submission: SubmissionDto) => void;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const byQuestion = new Map(submission.responses.map((response) => [response.question_id, response]));

  async function toggle() {
    const next = !submission.is_shared;
    setBusy(next ? "sharing" : "unsharing");
    const result = await apiRequest(`/questionnaires/submissions/${submission.id}/toggle-shared`, { method: "PATCH", json: { is_shared: next } });
    setBusy(null);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_FAILED });
      return;
    }
    onChange({ ...submission, is_shared: next });
    const message = sharingToasts.submission(next);
    toast.success(message.title, { description: message.description });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          {submission.is_shared
            ? `Every answer in this submission is visible in the ${PRODUCT_NAME}.`
            : `Share the whole submission, or single answers, with your family in the ${PRODUCT_NAME}.`}
        </p>
        <ShareButton shared={submission.is_shared} busy={busy} onClick={toggle} what="this submission" />
      </div>
      <ul>
        {entry.questions.map((question) => (
          <ResponseRow
            key={question.id}
            questionText={question.question_text}
            response={byQuestion.get(question.id)}
            onChange={(response) => onChange({ ...submission, responses: submission.responses.map((item) => (item.id === response.id ? response : item)) })}
          />
        ))}
      </ul>
    </div>
  );
}

function CompletedCard({ entry, onChange }: { entry: CompletedQuestionnaire; onChange: (entry: CompletedQuestionnaire) => void }) {
  const [open, setOpen] = useState(false);
  const [busyAll, setBusyAll] = useState<Busy>(null);
  const { questionnaire, submissions } = entry;
  const withTabs = questionnaire.allow_multiple_responses && submissions.length > 1;
  const anyShared = submissions.some((submission) => submission.is_shared);
  const panelId = `completed-${questionnaire.id}`;
  const titleId = `${panelId}-title`;

  const replaceSubmission = (updated: SubmissionDto) =>
    onChange({ ...entry, submissions: submissions.map((submission) => (submission.id === updated.id ? updated : submission)) });

  async function toggleAll() {
    const next = !anyShared;
    setBusyAll(next ? "sharing" : "unsharing");
    const results = await Promise.all(
      submissions.map((submission) =>
        apiRequest(`/questionnaires/submissions/${submission.id}/toggle-shared`, { method: "PATCH", json: { is_shared: next } }),
      ),
    );
    setBusyAll(null);
    // Whatever did go through is shown as it now is, even when another call failed.
    onChange({ ...entry, submissions: submissions.map((submission, index) => (results[index]!.ok ? { ...submission, is_shared: next } : submission)) });
    if (results.some((result) => !result.ok)) {
      toast.error("Error", { description: SHARING_ALL_FAILED });
      return;
    }
    const message = sharingToasts.all(next);
    toast.success(message.title, { description: message.description });
  }

  const allLabel = busyAll === "sharing" ? "Sharing All..." : busyAll === "unsharing" ? "Unsharing All..." : anyShared ? "Unshare All" : "Share All";

  return (
    <li className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <h2 id={titleId} className="min-w-0 flex-1 text-xl font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            className="flex min-h-11 w-full items-center gap-3 rounded-md text-left"
          >
            <ChevronDownIcon aria-hidden="true" className={cn("size-6 shrink-0 transition-transform", open && "rotate-180")} />
            <span className="flex min-w-0 flex-col">
              <span>{questionnaire.title}</span>
              <span className="text-base font-normal text-muted-foreground">
                {withTabs ? `${submissions.length} submissions` : `Completed on ${formatLongDate(submissions[0]!.created_at)}`}
              </span>
            </span>
          </button>
        </h2>
        <Button type="button" variant="outline" onClick={toggleAll} disabled={busyAll !== null} className="self-start sm:self-center">
          {allLabel}
          <span className="sr-only"> for {questionnaire.title}</span>
        </Button>
      </div>
      <div id={panelId} role="region" aria-labelledby={titleId} hidden={!open} className="border-t px-4 pb-4 pt-2 sm:px-6">
        {withTabs ? (
          <Tabs defaultValue={submissions[0]!.id}>
            <TabsList aria-label={`Submissions of ${questionnaire.title}`} className="h-auto flex-wrap">
              {submissions.map((submission, index) => (
                <TabsTrigger key={submission.id} value={submission.id}>
                  Submission {index + 1} - {formatShortDate(submission.created_at)}
                </TabsTrigger>
              ))}
            </TabsList>
            {submissions.map((submission) => (
              <TabsContent key={submission.id} value={submission.id}>
                <SubmissionView entry={entry} submission={submission} onChange={replaceSubmission} />
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <SubmissionView entry={entry} submission={submissions[0]!} onChange={replaceSubmission} />
        )}
      </div>
    </li>
  );
}

/** My Completed Questionnaires (docs/product.md §2, §4): expandable cards, tabs per submission, sharing. */
export function CompletedQuestionnaires({ initialEntries }: { initialEntries: CompletedQuestionnaire[] }) {
  const [entries, setEntries] = useState(initialEntries);
  const replace = (updated: CompletedQuestionnaire) =>
    setEntries((current) => current.map((entry) => (entry.questionnaire.id === updated.questionnaire.id ? updated : entry)));
  return (
    <ul className="flex flex-col gap-4" aria-label="Completed questionnaires">
      {entries.map((entry) => (
        <CompletedCard key={entry.questionnaire.id} entry={entry} onChange={replace} />
      ))}
    </ul>
  );
}
