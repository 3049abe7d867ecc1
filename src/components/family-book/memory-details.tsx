"use client";

import { PhotoThumbnails } from "@/components/memories/photo-thumbnails";
import { HeardRecording } from "@/components/recordings/heard-recording";
import type { MemoryDto } from "@/server/memories/memory-dto";

/**
 * A shared memory opened up: its recording, its story, and up to four thumbnails with "+N more"
 * (docs/product.md §2). Its author and the family's admins may stop a printed book's codes of its recording here.
 */
export function MemoryDetails({ memory, mayStopCodes = false }: { memory: MemoryDto; mayStopCodes?: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {memory.recording && (
        <HeardRecording
          recording={memory.recording}
          title={memory.title}
          stopPath={`/memories/${memory.id}/recording/listen-code`}
          mayStopCodes={mayStopCodes}
        />
      )}
      <p className="whitespace-pre-line">{memory.content}</p>
      <PhotoThumbnails title={memory.title} photos={memory.memory_photos} />
    </div>
  );
}
