"use client";

import { useMemo } from "react";
import { answerLinkRecordingCalls } from "@/components/recordings/recording-calls";
import { RecordingEditor } from "@/components/recordings/recording-editor";
import type { RecordingDto } from "@/server/recordings/recording-dto";

/**
 * After a weekly answer is saved, the answer told out loud, with the same link that answered it and
 * no password (docs/product.md §13): a grandparent who wrote a line tells the rest in their own voice.
 */
export function WeeklyAnswerRecording({
  token,
  responseId,
  owner,
  title,
  recording,
}: {
  token: string;
  responseId: string;
  owner: string;
  title: string;
  recording: RecordingDto | null;
}) {
  const calls = useMemo(() => answerLinkRecordingCalls(token), [token]);
  // The same place as the answer's own page: a take left unsent here is offered there too.
  return <RecordingEditor calls={calls} place={`answer:${responseId}`} owner={owner} title={title} initial={recording} tells="answer" />;
}
