"use client";

import { CheckIcon, ChevronDownIcon, ImagePlusIcon, LockIcon, Share2Icon } from "lucide-react";
import { createContext, use, useId, useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { PhotoThumbnails } from "@/components/memories/photo-thumbnails";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatLongDate, formatShortDate, formatTime } from "@/lib/dates";
import type { CompletedQuestionnaire } from "@/server/questions/questionnaires/list-completed-questionnaires";
import type { ResponseDto, SubmissionDto } from "@/server/questions/questionnaires/questionnaire-dto";
import { AnswerPhotosEditor } from "./answer-photos-editor";
import { AnswerRecording } from "./answer-recording";
import { SHARING_ALL_FAILED, SHARING_FAILED, sharingState, sharingToasts, type SharingState } from "./messages";

type Busy = "sharing" | "unsharing" | null;

const noSubscription = () => () => {};

/** Whose answers these are: the signed-in member (a recording in the making is kept in the browser for them alone). */
const ViewerId = createContext("");

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

/** Who can read these answers, in words: private, shared, or how many of them are shared. */
function SharingLine({ state, className }: { state: SharingState; className?: string }) {
  return (
    <p className={cn("flex items-start gap-2", className)}>
      {state.kind === "private" ? (
        <LockIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
      ) : (
        <Share2Icon aria-hidden="true" className="mt-1 size-5 shrink-0" />
      )}
      <span>{state.text}</span>
    </p>
  );
}

/**
 * An answer's photos: shown small, each opening the viewer, and "Add or remove photos" opens the
 * picker in place (docs/product.md §5).
 */
function ResponsePhotos({
  questionText,
  response,
  onChange,
}: {
  questionText: string;
  response: ResponseDto;
  onChange: (photos: ResponseDto["photos"]) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  const base = `/questionnaires/responses/${response.id}/photos`;
  return (
    <div className="flex flex-col gap-3">
      {!editing && <PhotoThumbnails title={questionText} photos={response.photos} />}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={editing}
        aria-controls={editorId}
        onClick={() => setEditing(!editing)}
      >
        <ImagePlusIcon aria-hidden="true" />
        {editing ? "Done with photos" : response.photos.length > 0 ? "Add or remove photos" : "Add photos"}
        <span className="sr-only"> for the answer: {questionText}</span>
      </Button>
      <div id={editorId} hidden={!editing}>
        {editing && (
          <AnswerPhotosEditor
            photos={response.photos}
            add={(form) => apiRequest(base, { formData: form })}
            remove={(photoId) => apiRequest(`${base}/${photoId}`, { method: "DELETE" })}
            onChange={onChange}
          />
        )}
      </div>
    </div>
  );
}

function ResponseRow({
  questionText,
  response,
  submissionShared,
  onChange,
}: {
  questionText: string;
  response: ResponseDto | undefined;
  submissionShared: boolean;
  onChange: (response: ResponseDto, submissionShared: boolean) => void;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const viewerId = use(ViewerId);

  async function toggle() {
    if (!response) return;
    const next = !response.is_shared;
    setBusy(next ? "sharing" : "unsharing");
    const result = await apiRequest<{ response: ResponseDto; submission: { id: string; is_shared: boolean } }>(
      `/questionnaires/responses/${response.id}/toggle-shared`,
      { method: "PATCH", json: { is_shared: next } },
    );
    setBusy(null);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_FAILED });
      return;
    }
    onChange(result.data.response, result.data.submission.is_shared);
    const message = sharingToasts.response(next);
    toast.success(message.title, { description: message.description });
  }

  return (
    <li className="flex flex-col gap-3 border-t py-4 first:border-t-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{questionText}</p>
          {response && (response.answer_text.trim() || !response.recording) ? (
            <p className="whitespace-pre-wrap break-words">{response.answer_text}</p>
          ) : response ? (
            <p className="italic text-muted-foreground">Told out loud, with nothing written: listen below.</p>
          ) : (
            <p className="italic text-muted-foreground">No answer provided</p>
          )}
        </div>
        {response && <ShareButton shared={response.is_shared} busy={busy} onClick={toggle} what={`answer: ${questionText}`} />}
      </div>
      {response && (
        <AnswerRecording
          questionText={questionText}
          response={response}
          viewerId={viewerId}
          onChange={(recording) => onChange({ ...response, recording }, submissionShared)}
        />
      )}
      {response && (
        <ResponsePhotos questionText={questionText} response={response} onChange={(photos) => onChange({ ...response, photos }, submissionShared)} />
      )}
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
    const result = await apiRequest<{ submission: SubmissionDto }>(`/questionnaires/submissions/${submission.id}/toggle-shared`, {
      method: "PATCH",
      json: { is_shared: next },
    });
    setBusy(null);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_FAILED });
      return;
    }
    onChange(result.data.submission);
    const message = sharingToasts.submission(next);
    toast.success(message.title, { description: message.description });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
        <SharingLine state={sharingState([submission])} />
        <ShareButton shared={submission.is_shared} busy={busy} onClick={toggle} what="this submission" />
      </div>
      <ul>
        {entry.questions.map((question) => (
          <ResponseRow
            key={question.id}
            questionText={question.question_text}
            response={byQuestion.get(question.id)}
            submissionShared={submission.is_shared}
            onChange={(response, submissionShared) =>
              onChange({
                ...submission,
                is_shared: submissionShared,
                responses: submission.responses.map((item) => (item.id === response.id ? response : item)),
              })
            }
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * The tabs of a questionnaire answered several times: the number, the date and time it was
 * given, and whether it is shared, so two answered on one day are told apart at a glance. On a
 * phone they stack, each the width of the screen.
 */
function SubmissionTabs({ entry, onChange }: { entry: CompletedQuestionnaire; onChange: (submission: SubmissionDto) => void }) {
  const { questionnaire, submissions } = entry;
  // Times are the reader's own, known only in the browser: the server's page shows the date alone.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Tabs defaultValue={submissions[0]!.id}>
      <TabsList aria-label={`Submissions of ${questionnaire.title}`} className="grid h-auto grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {submissions.map((submission, index) => {
          const state = sharingState([submission]);
          return (
            <TabsTrigger
              key={submission.id}
              value={submission.id}
              className="group flex-col items-start gap-0 px-4 text-left data-[state=active]:no-underline data-[state=active]:ring-2 data-[state=active]:ring-primary"
            >
              <span className="group-data-[state=active]:underline group-data-[state=active]:decoration-2 group-data-[state=active]:underline-offset-4">
                Submission {index + 1} - {formatShortDate(submission.created_at)}
              </span>
              <span className="font-normal">
                {inBrowser && <>{formatTime(submission.created_at)} · </>}
                {state.label}
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
      {submissions.map((submission) => (
        <TabsContent key={submission.id} value={submission.id}>
          <SubmissionView entry={entry} submission={submission} onChange={onChange} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function CompletedCard({ entry, onChange }: { entry: CompletedQuestionnaire; onChange: (entry: CompletedQuestionnaire) => void }) {
  const [open, setOpen] = useState(false);
  const [busyAll, setBusyAll] = useState<Busy>(null);
  const { questionnaire, submissions } = entry;
  const withTabs = questionnaire.allow_multiple_responses && submissions.length > 1;
  const state = sharingState(submissions);
  // Anything the family can read offers Unshare All: taking everything back is never a step away.
  const anyShared = state.kind !== "private";
  const panelId = `completed-${questionnaire.id}`;
  const titleId = `${panelId}-title`;

  const replaceSubmission = (updated: SubmissionDto) =>
    onChange({ ...entry, submissions: submissions.map((submission) => (submission.id === updated.id ? updated : submission)) });

  async function toggleAll() {
    const next = !anyShared;
    setBusyAll(next ? "sharing" : "unsharing");
    // One request, one transaction: every answer changes, or none does.
    const result = await apiRequest<{ submissions: SubmissionDto[] }>(`/questionnaires/${questionnaire.id}/submissions`, {
      method: "PATCH",
      json: { is_shared: next },
    });
    setBusyAll(null);
    if (!result.ok) {
      toast.error("Error", { description: SHARING_ALL_FAILED });
      return;
    }
    onChange({ ...entry, submissions: result.data.submissions });
    const message = sharingToasts.all(next);
    toast.success(message.title, { description: message.description });
  }

  const allLabel = busyAll === "sharing" ? "Sharing All..." : busyAll === "unsharing" ? "Unsharing All..." : anyShared ? "Unshare All" : "Share All";

  return (
    <li className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 id={titleId} className="text-xl font-semibold">
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
          {/* Opened, a single submission says the same just below; with tabs this sums them all up. */}
          {(!open || withTabs) && <SharingLine state={state} className="text-muted-foreground sm:pl-9" />}
        </div>
        <Button type="button" variant="outline" onClick={toggleAll} disabled={busyAll !== null} className="self-start sm:self-center">
          {allLabel}
          <span className="sr-only"> for {questionnaire.title}</span>
        </Button>
      </div>
      <div id={panelId} role="region" aria-labelledby={titleId} hidden={!open} className="border-t px-4 pb-4 pt-2 sm:px-6">
        {withTabs ? (
          <SubmissionTabs entry={entry} onChange={replaceSubmission} />
        ) : (
          <SubmissionView entry={entry} submission={submissions[0]!} onChange={replaceSubmission} />
        )}
      </div>
    </li>
  );
}

/** My Completed Questionnaires (docs/product.md §2, §4): expandable cards, tabs per submission, sharing. */
export function CompletedQuestionnaires({ initialEntries, viewerId }: { initialEntries: CompletedQuestionnaire[]; viewerId: string }) {
  const [entries, setEntries] = useState(initialEntries);
  const replace = (updated: CompletedQuestionnaire) =>
    setEntries((current) => current.map((entry) => (entry.questionnaire.id === updated.questionnaire.id ? updated : entry)));
  return (
    <ViewerId value={viewerId}>
      <ul className="flex flex-col gap-4" aria-label="Completed questionnaires">
        {entries.map((entry) => (
          <CompletedCard key={entry.questionnaire.id} entry={entry} onChange={replace} />
        ))}
      </ul>
    </ViewerId>
  );
}
