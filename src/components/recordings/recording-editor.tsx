"use client";

import { Trash2Icon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MAX_RECORDING_SECONDS } from "@/lib/constants";
import { formatFileSize } from "@/lib/file-size";
import { RECORDING_FORMATS } from "@/lib/schemas/recordings";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import type { RecordingCalls } from "./recording-calls";
import { RecordingFileButton } from "./recording-file-button";
import { RecordingPlayer, RecordingTranscript } from "./recording-player";
import { TranscriptEditor } from "./transcript-editor";
import { uploadRecording, type RecordingUpload } from "./upload-recording";
import { VoiceRecorder } from "./voice-recorder";

const SESSION_ENDED = "Your session has ended. Please sign in again, then save the recording again.";

/** What the editor says of what the recording tells: a memory's story, an answer, or the answer to a follow-up question. */
const WORDING = {
  story: {
    saved: "Your family can listen to it with the story.",
    removed: "The story is kept in writing.",
    kept: "The written story and its photos stay.",
    invite: "Tell this story in your own voice",
    heard: "Your family hears this beside the story.",
  },
  answer: {
    saved: "It is kept with your answer, and your family hears it when the answer is shared.",
    removed: "Your written answer is kept.",
    kept: "Your written answer and its photos stay.",
    invite: "Tell your answer in your own voice",
    heard: "This is heard beside your answer.",
  },
  /** A weekly question not yet answered: the recording alone answers it. */
  openAnswer: {
    saved: "It is your answer: nothing needs to be typed.",
    removed: "Your written answer is kept.",
    kept: "Your written answer stays.",
    invite: "Rather say it than type it? Tell your answer in your own voice",
    heard: "This is heard beside your answer.",
  },
  followUp: {
    saved: "Your family hears it with your answer, under the story.",
    removed: "Your written answer is kept.",
    kept: "Your written answer stays.",
    invite: "Tell your answer in your own voice",
    heard: "Your family hears this with your answer, under the story.",
  },
} as const;

export type RecordingWording = keyof typeof WORDING;

/**
 * A recording where its author changes it (docs/product.md §2 "Told out loud"): a memory's, on its
 * Edit page, or an answer's, under the answer. Listen to it, record again or choose another file
 * to replace it, or remove it. Each is saved at once, apart from any form; a refused file leaves
 * the recording that was there.
 */
export function RecordingEditor({
  calls,
  place,
  owner,
  title,
  initial,
  tells,
  onChange,
  onSent,
  children,
}: {
  calls: RecordingCalls;
  /** Where a take in the making is kept in the browser, e.g. "memory:<id>" (VoiceRecorder). */
  place: string;
  /** Whose takes these are: a take kept in the browser is given back only to them. */
  owner: string;
  title: string;
  initial: RecordingDto | null;
  tells: RecordingWording;
  onChange?: (recording: RecordingDto | null) => void;
  /** Hears of each recording the server kept, with the answer it made where it answered a question. */
  onSent?: (upload: Extract<RecordingUpload, { ok: true }>) => void;
  /** More about the recording, under its words (a printed book's codes). */
  children?: (recording: RecordingDto, setRecording: (recording: RecordingDto) => void) => ReactNode;
}) {
  const id = useId();
  const words = WORDING[tells];
  const [recording, setRecordingState] = useState(initial);
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const busy = progress !== null || removing;

  function setRecording(next: RecordingDto | null) {
    setRecordingState(next);
    onChange?.(next);
  }

  /** Sends a recording, chosen or just made; a refusal keeps the recording that was there. */
  async function send(file: File, onProgress: (fraction: number) => void) {
    setProblem(null);
    const refused = calls.before ? await calls.before() : null;
    if (refused) {
      toast.error("Recording not saved", { description: refused });
      return { ok: false as const, error: refused };
    }
    const result = await uploadRecording(calls.target, file, onProgress);
    if (!result.ok) {
      const error = result.status === 401 ? SESSION_ENDED : result.error;
      toast.error("Recording not saved", { description: error });
      return { ok: false as const, error };
    }
    setRecording(result.recording);
    toast.success("Recording saved", { description: words.saved });
    onSent?.(result);
    return result;
  }

  async function choose(file: File) {
    setProgress({ fileName: file.name, fraction: 0 });
    const result = await send(file, (fraction) => setProgress({ fileName: file.name, fraction }));
    setProgress(null);
    if (!result.ok) setProblem(result.error);
  }

  async function remove() {
    setRemoving(true);
    const result = await calls.remove();
    setRemoving(false);
    if (!result.ok) {
      toast.error("Error", { description: `Failed to remove the recording: ${result.error}` });
      return false;
    }
    setRecording(null);
    toast.success("Recording removed", { description: words.removed });
    return true;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border bg-card p-6" aria-busy={busy}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Told out loud
        </h2>
        <p id={`${id}-hint`} className="text-base text-muted-foreground">
          {recording
            ? `${words.heard} Record again or choose another file to replace it; changes here are saved at once.`
            : `${words.invite}: press Record, or add a recording you have (an ${RECORDING_FORMATS} file), up to ${MAX_RECORDING_SECONDS / 60} minutes. It is saved at once.`}
        </p>
      </div>
      {recording && (
        <>
          <RecordingPlayer recording={recording} title={title} />
          <p className="text-base break-words text-muted-foreground">
            {recording.file_name} · {formatFileSize(recording.byte_size)}
          </p>
          {calls.saveTranscript ? (
            <TranscriptEditor key={recording.id} read={calls.read} save={calls.saveTranscript} recording={recording} onChange={setRecording} />
          ) : (
            <RecordingTranscript recording={recording} />
          )}
          {children?.(recording, setRecording)}
        </>
      )}
      {problem && (
        <Alert variant="destructive" role="alert">
          {problem}
        </Alert>
      )}
      <VoiceRecorder owner={owner} place={place} title={title} onSave={send} />
      <div role="status">
        {progress && (
          <div className="flex flex-col gap-1">
            <p className="text-base font-medium break-words">
              {progress.fraction < 1 ? `Uploading ${progress.fileName}...` : `Checking ${progress.fileName}...`}
            </p>
            <progress className="h-2 w-full accent-primary" max={1} value={progress.fraction} aria-label={`Uploading ${progress.fileName}`} />
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <RecordingFileButton
          label={recording ? "Replace recording" : "Add a recording"}
          disabled={busy}
          describedBy={`${id}-hint`}
          onFile={(file) => void choose(file)}
        />
        {recording && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" className="text-destructive" disabled={busy}>
                <Trash2Icon aria-hidden="true" />
                Remove recording
              </Button>
            }
            title="Remove this recording?"
            description={
              <>
                The recording of &ldquo;{title}&rdquo; will be deleted for good. {words.kept}
              </>
            }
            keepLabel="Keep Recording"
            confirmLabel="Remove Recording"
            workingLabel="Removing..."
            onConfirm={remove}
          />
        )}
      </div>
    </section>
  );
}
