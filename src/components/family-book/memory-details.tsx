"use client";

import { useState } from "react";
import { PhotoThumbnails } from "@/components/memories/photo-thumbnails";
import { RecordingPlayer, RecordingTranscript } from "@/components/recordings/recording-player";
import { StopPrintedCodes } from "@/components/recordings/stop-printed-codes";
import type { MemoryDto } from "@/server/memories/memory-dto";

/**
 * A shared memory opened up: its recording, its story, and up to four thumbnails with "+N more"
 * (docs/product.md §2). Its author and the family's admins may stop a printed book's codes of its recording here.
 */
export function MemoryDetails({ memory, mayStopCodes = false }: { memory: MemoryDto; mayStopCodes?: boolean }) {
  const [printedCode, setPrintedCode] = useState(memory.recording?.printed_code ?? false);
  return (
    <div className="flex flex-col gap-4">
      {memory.recording && <RecordingPlayer recording={memory.recording} title={memory.title} />}
      {memory.recording && <RecordingTranscript recording={memory.recording} />}
      {memory.recording && printedCode && mayStopCodes && (
        <StopPrintedCodes path={`/memories/${memory.id}/recording/listen-code`} title={memory.title} onStopped={() => setPrintedCode(false)} />
      )}
      <p className="whitespace-pre-line">{memory.content}</p>
      <PhotoThumbnails title={memory.title} photos={memory.memory_photos} />
    </div>
  );
}
