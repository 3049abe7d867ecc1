"use client";

import { PhotoThumbnails } from "@/components/memories/photo-thumbnails";
import { RecordingPlayer, RecordingTranscript } from "@/components/recordings/recording-player";
import type { MemoryDto } from "@/server/memories/memory-dto";

/** A shared memory opened up: its recording, its story, and up to four thumbnails with "+N more" (docs/product.md §2). */
export function MemoryDetails({ memory }: { memory: MemoryDto }) {
  return (
    <div className="flex flex-col gap-4">
      {memory.recording && <RecordingPlayer recording={memory.recording} title={memory.title} />}
      {memory.recording && <RecordingTranscript recording={memory.recording} />}
      <p className="whitespace-pre-line">{memory.content}</p>
      <PhotoThumbnails title={memory.title} photos={memory.memory_photos} />
    </div>
  );
}
