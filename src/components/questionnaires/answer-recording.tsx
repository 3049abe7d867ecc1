"use client";

import { MicIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { answerRecordingCalls } from "@/components/recordings/recording-calls";
import { RecordingEditor } from "@/components/recordings/recording-editor";
import { RecordingPlayer, RecordingTranscript } from "@/components/recordings/recording-player";
import { StopPrintedCodes } from "@/components/recordings/stop-printed-codes";
import { Button } from "@/components/ui/button";
import type { ResponseDto } from "@/server/questions/questionnaires/questionnaire-dto";

/**
 * An answer told out loud, under the answer (docs/product.md §5 "Told out loud"): its recording and
 * words to hear and read, and "Tell it out loud" (or "Change the recording") opens the recorder in
 * place, where the author records, replaces or removes it.
 */
export function AnswerRecording({
  questionText,
  response,
  viewerId,
  onChange,
}: {
  questionText: string;
  response: ResponseDto;
  viewerId: string;
  onChange: (recording: ResponseDto["recording"]) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  const calls = useMemo(() => answerRecordingCalls(response.id), [response.id]);
  const { recording } = response;
  return (
    <div className="flex flex-col gap-3">
      {!editing && recording && (
        <>
          <RecordingPlayer recording={recording} title={questionText} />
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
        <span className="sr-only"> for the answer: {questionText}</span>
      </Button>
      <div id={editorId} hidden={!editing}>
        {editing && (
          <RecordingEditor
            calls={calls}
            place={`answer:${response.id}`}
            owner={viewerId}
            title={questionText}
            initial={recording}
            tells="answer"
            onChange={onChange}
          >
            {(recording, setRecording) =>
              recording.printed_code && (
                <StopPrintedCodes
                  path={`/questionnaires/responses/${response.id}/recording/listen-code`}
                  title={questionText}
                  onStopped={() => setRecording({ ...recording, printed_code: false })}
                />
              )
            }
          </RecordingEditor>
        )}
      </div>
    </div>
  );
}
