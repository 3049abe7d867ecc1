"use client";

import { useMemo } from "react";
import { answerRecordingCalls } from "@/components/recordings/recording-calls";
import { ToldOutLoud } from "@/components/recordings/told-out-loud";
import type { ResponseDto } from "@/server/questions/questionnaires/questionnaire-dto";

/** An answer told out loud, under the answer on the author's completed questionnaires (ToldOutLoud). */
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
  const calls = useMemo(() => answerRecordingCalls(response.id), [response.id]);
  return (
    <ToldOutLoud
      calls={calls}
      place={`answer:${response.id}`}
      owner={viewerId}
      title={questionText}
      forWhat={`for the answer: ${questionText}`}
      recording={response.recording}
      tells="answer"
      listenCodePath={`/questionnaires/responses/${response.id}/recording/listen-code`}
      onChange={onChange}
    />
  );
}
