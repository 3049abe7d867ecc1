"use client";

import { useMemo, useState } from "react";
import { followUpRecordingCalls } from "@/components/recordings/recording-calls";
import { RecordingPlayer, RecordingTranscript } from "@/components/recordings/recording-player";
import { ToldOutLoud } from "@/components/recordings/told-out-loud";
import type { RecordingDto } from "@/server/recordings/recording-dto";

/**
 * The answer to a "Tell us more" question told out loud (docs/product.md §22): its author records,
 * replaces or removes it (ToldOutLoud); everyone else who reads the answer hears it and reads its words.
 */
export function FollowUpRecording({
  followUpId,
  question,
  initial,
  isAuthor,
  viewerId,
}: {
  followUpId: string;
  question: string;
  initial: RecordingDto | null;
  isAuthor: boolean;
  viewerId: string;
}) {
  const [recording, setRecording] = useState(initial);
  const calls = useMemo(() => followUpRecordingCalls(followUpId), [followUpId]);
  if (!isAuthor) {
    return (
      recording && (
        <>
          <RecordingPlayer recording={recording} title={question} />
          <RecordingTranscript recording={recording} />
        </>
      )
    );
  }
  return (
    <ToldOutLoud
      calls={calls}
      place={`follow-up:${followUpId}`}
      owner={viewerId}
      title={question}
      forWhat={`for your answer to: ${question}`}
      recording={recording}
      tells="followUp"
      onChange={setRecording}
    />
  );
}
