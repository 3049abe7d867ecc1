"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest } from "@/lib/api-client";
import { formatLongDate, localToday } from "@/lib/dates";
import { fullName } from "@/lib/people";
import type { MemoryDto } from "@/server/memories/memory-dto";

// The dashboard's "On this day" card (docs/product.md): memories from today's date in earlier
// years. "Today" is the viewer's own calendar day, which only the browser knows, so the card asks
// for it from here. Each memory links to where it can be read: the viewer's own to its page in My
// Memories, a relative's to the Family Book showing that relative's memories.

type State = { status: "loading" } | { status: "failed" } | { status: "ready"; today: string; memories: MemoryDto[] };

const yearsAgo = (today: string, memoryDate: string) => {
  const years = Number(today.slice(0, 4)) - Number(memoryDate.slice(0, 4));
  return years === 1 ? "1 year ago" : `${years} years ago`;
};

export function OnThisDayCard({ viewerId }: { viewerId: string }) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    const today = localToday();
    void apiRequest<{ memories: MemoryDto[] }>(`/memories/on-this-day?date=${today}`, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: "ready", today, memories: result.data.memories } : { status: "failed" });
    });
    return () => controller.abort();
  }, []);

  return (
    <Card aria-labelledby="on-this-day-title" role="region" aria-busy={state.status === "loading"}>
      <CardHeader>
        <CardTitle as="h2" id="on-this-day-title" className="text-2xl">
          On this day
        </CardTitle>
        <CardDescription className="text-base">Memories from this date in earlier years.</CardDescription>
      </CardHeader>
      {state.status === "loading" && <p className="text-muted-foreground">Looking for memories from this day…</p>}
      {state.status === "failed" && <p>The memories from this day could not be loaded just now. Please try again later.</p>}
      {state.status === "ready" && state.memories.length === 0 && <p>No memories from this day in earlier years yet.</p>}
      {state.status === "ready" && state.memories.length > 0 && (
        <ul className="flex flex-col gap-2">
          {state.memories.map((memory) => {
            const cover = memory.memory_photos[0];
            const own = memory.user_id === viewerId;
            return (
              <li key={memory.id}>
                <Link
                  href={own ? `/memories/edit/${memory.id}` : memory.user_id ? `/family-book?member=${memory.user_id}` : "/family-book"}
                  className="flex min-h-11 items-center gap-4 rounded-lg p-2 hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {cover && (
                    // eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs
                    <img src={cover.thumbnail_url} alt="" className="aspect-[4/3] w-20 shrink-0 rounded-md border bg-muted object-cover" />
                  )}
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold break-words text-primary underline underline-offset-4">
                      {yearsAgo(state.today, memory.memory_date)} — {memory.title}
                    </span>{" "}
                    <span className="text-muted-foreground">
                      By {own ? "you" : fullName(memory.profiles)}, <time dateTime={memory.memory_date}>{formatLongDate(memory.memory_date)}</time>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
