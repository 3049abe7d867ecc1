"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useConversationSummaries } from "@/components/conversations/use-conversation-summaries";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";
import type { ConversationSummary } from "@/server/conversations/conversation-summaries";
import type { MemoryDto } from "@/server/memories/memory-dto";
import { MemoryCard } from "./memory-card";

/** The first page comes from the server; further pages load on request. */
export function MemoryList({
  memories,
  nextCursor,
  initialSummaries,
  viewerId,
}: {
  memories: MemoryDto[];
  nextCursor: string | null;
  /** The comment counts and reactions of the shared memories sent with the page. */
  initialSummaries: ConversationSummary[];
  viewerId: string;
}) {
  const [more, setMore] = useState<MemoryDto[]>([]);
  const [cursor, setCursor] = useState(nextCursor);
  const [loading, setLoading] = useState(false);
  const shownIds = new Set(memories.map((memory) => memory.id));
  const all = [...memories, ...more.filter((memory) => !shownIds.has(memory.id))];
  // Only a shared memory has a conversation (docs/product.md §17).
  const summaries = useConversationSummaries(
    all.filter((memory) => memory.is_shared).map((memory) => ({ type: "memory" as const, id: memory.id })),
    initialSummaries,
  );

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    const result = await apiRequest<{ memories: MemoryDto[]; next_cursor: string | null }>(`/memories?cursor=${encodeURIComponent(cursor)}`);
    setLoading(false);
    if (!result.ok) {
      toast.error("Error", { description: "Failed to load memories. Please try again later." });
      return;
    }
    setMore((previous) => [...previous, ...result.data.memories]);
    setCursor(result.data.next_cursor);
  }

  return (
    <div className="flex flex-col gap-5">
      <ul className="flex flex-col gap-5">
        {all.map((memory) => (
          <li key={memory.id}>
            <MemoryCard memory={memory} summaries={summaries} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {cursor && (
        <Button type="button" variant="outline" size="lg" className="self-center" onClick={loadMore} disabled={loading}>
          {loading ? "Loading..." : "Load more memories"}
        </Button>
      )}
    </div>
  );
}
