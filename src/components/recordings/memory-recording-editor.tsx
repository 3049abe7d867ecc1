"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import { memoryRecordingCalls } from "./recording-calls";
import { RecordingEditor } from "./recording-editor";
import { StopPrintedCodes } from "./stop-printed-codes";

/**
 * A memory's recording on its Edit page (docs/product.md §2 "Told out loud"), with the printed
 * book's codes of it, which its author may stop here.
 */
export function MemoryRecordingEditor({
  memoryId,
  title,
  initial,
  viewerId,
}: {
  memoryId: string;
  title: string;
  initial: RecordingDto | null;
  viewerId: string;
}) {
  const router = useRouter();
  const calls = useMemo(() => memoryRecordingCalls(memoryId), [memoryId]);
  return (
    <RecordingEditor
      calls={calls}
      place={`memory:${memoryId}`}
      owner={viewerId}
      title={title}
      initial={initial}
      tells="story"
      onChange={() => router.refresh()}
    >
      {(recording, setRecording) =>
        recording.printed_code && (
          <StopPrintedCodes
            path={`/memories/${memoryId}/recording/listen-code`}
            title={title}
            onStopped={() => setRecording({ ...recording, printed_code: false })}
          />
        )
      }
    </RecordingEditor>
  );
}
