"use client";

import { MicIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import type { RecordingCalls } from "./recording-calls";
import type { RecordingWording } from "./recording-editor";
import { RecordingPlayer, RecordingTranscript } from "./recording-player";
import { StopPrintedCodes } from "./stop-printed-codes";
import type { RecordingUpload } from "./upload-recording";

// The recorder is loaded on the first "Tell it out loud": the pages that show answers stay light
// for the many who only read and listen.
const RecordingEditor = dynamic(() => import("./recording-editor").then((module) => module.RecordingEditor), {
  ssr: false,
  loading: () => <p className="text-base text-muted-foreground">Opening the recorder…</p>,
});

/**
 * An answer told out loud, under the answer (docs/product.md §5 "Told out loud"): its recording and
 * words to hear and read, and "Tell it out loud" (or "Change the recording") opens the recorder in
 * place, where the author records, replaces or removes it. `forWhat` completes the button's name
 * for a screen reader ("for the answer: …"); `listenCodePath` is where a printed book's codes of
 * the recording are stopped, where a book prints it.
 */
export function ToldOutLoud({
  calls,
  place,
  owner,
  title,
  forWhat,
  recording,
  tells,
  listenCodePath,
  onChange,
  onSent,
}: {
  calls: RecordingCalls;
  place: string;
  owner: string;
  title: string;
  forWhat: string;
  recording: RecordingDto | null;
  tells: RecordingWording;
  listenCodePath?: string;
  onChange: (recording: RecordingDto | null) => void;
  /** Hears of each recording the server kept, with what it answered where it answered a question. */
  onSent?: (upload: Extract<RecordingUpload, { ok: true }>) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  return (
    <div className="flex flex-col gap-3">
      {!editing && recording && (
        <>
          <RecordingPlayer recording={recording} title={title} />
          <RecordingTranscript recording={recording} />
        </>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={editing}
        aria-controls={editorId}
        onClick={() => setEditing(!editing)}
      >
        <MicIcon aria-hidden="true" />
        {editing ? "Done with the recording" : recording ? "Change the recording" : "Tell it out loud"}
        <span className="sr-only"> {forWhat}</span>
      </Button>
      <div id={editorId} hidden={!editing}>
        {editing && (
          <RecordingEditor calls={calls} place={place} owner={owner} title={title} initial={recording} tells={tells} onChange={onChange} onSent={onSent}>
            {(recording, setRecording) =>
              recording.printed_code &&
              listenCodePath && <StopPrintedCodes path={listenCodePath} title={title} onStopped={() => setRecording({ ...recording, printed_code: false })} />
            }
          </RecordingEditor>
        )}
      </div>
    </div>
  );
}
