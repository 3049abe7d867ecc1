"use client";

import { useMemo, useState } from "react";
import { HeardRecording } from "@/components/recordings/heard-recording";
import { followUpRecordingCalls } from "@/components/recordings/recording-calls";
import { ToldOutLoud } from "@/components/recordings/told-out-loud";
import type { RecordingDto } from "@/server/recordings/recording-dto";

/**
 * The answer to a "Tell us more" question told out loud (docs/product.md §22): its author records,
 * replaces or removes it (ToldOutLoud); everyone else who reads the answer hears it and reads its
 * words, and an admin may stop a printed book's codes of it (HeardRecording).
 */
export function FollowUpRecording({
  followUpId,
  question,
  initial,
  isAuthor,
  viewerId,
  viewerIsAdmin = false,
}: {
  followUpId: string;
  question: string;
  initial: RecordingDto | null;
  isAuthor: boolean;
  viewerId: string;
  /** An admin of the family may stop a printed book's codes of it. */
  viewerIsAdmin?: boolean;
}) {
  const [recording, setRecording] = useState(initial);
  const calls = useMemo(() => followUpRecordingCalls(followUpId), [followUpId]);
  const listenCodePath = `/follow-ups/${followUpId}/recording/listen-code`;
  if (!isAuthor) {
    return recording && <HeardRecording recording={recording} title={question} stopPath={listenCodePath} mayStopCodes={viewerIsAdmin} />;
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
      listenCodePath={listenCodePath}
      onChange={setRecording}
    />
  );
}
