"use client";

import { ChevronDownIcon, PencilIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Conversation, conversationHint } from "@/components/conversations/conversation";
import type { ConversationSummaries } from "@/components/conversations/use-conversation-summaries";
import { RecordingMark, RecordingPlayer, RecordingTranscript } from "@/components/recordings/recording-player";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { LinkPending } from "@/components/ui/link-pending";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/dates";
import { fullName } from "@/lib/people";
import type { MemoryDto } from "@/server/memories/memory-dto";
import { preloadPhotoLightbox, usePhotoViewer } from "./lazy-photo-lightbox";

export function MemoryCard({ memory, summaries, viewerId }: { memory: MemoryDto; summaries: ConversationSummaries; viewerId: string }) {
  const router = useRouter();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [shared, setShared] = useState(memory.is_shared);
  const [saving, setSaving] = useState(false);
  const photos = memory.memory_photos;
  const photoViewer = usePhotoViewer(memory.title, photos);
  const item = { type: "memory" as const, id: memory.id };

  async function toggleShared(next: boolean) {
    setSaving(true);
    setShared(next);
    const result = await apiRequest(`/memories/${memory.id}/toggle-shared`, { method: "PATCH", json: { is_shared: next } });
    setSaving(false);
    if (!result.ok) {
      setShared(!next);
      toast.error("Error", { description: "Failed to update sharing status. Please try again." });
      return;
    }
    // One notice per memory: switching again replaces it rather than queueing a second behind it.
    toast.success("Sharing updated", { id: `sharing-${memory.id}`, description: "Memory sharing status has been updated." });
    router.refresh();
  }

  return (
    <Card className="gap-0 p-0" aria-labelledby={`${id}-title`} role="article">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-start gap-4">
          {photos[0] && (
            // The cover: the first photo, which also opens the photo viewer.
            <button
              type="button"
              onClick={photoViewer.open(0)}
              onPointerEnter={preloadPhotoLightbox}
              onFocus={preloadPhotoLightbox}
              aria-label={`View the photos of ${memory.title}`}
              className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg border bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-36"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs */}
              <img src={photos[0].thumbnail_url} alt="" data-cover className="size-full object-cover" />
            </button>
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
              {memory.title}
            </h2>
            <p className="text-muted-foreground">
              <time dateTime={memory.memory_date}>{formatLongDate(memory.memory_date)}</time>
            </p>
            {memory.recording && <RecordingMark recording={memory.recording} />}
            {memory.is_shared && conversationHint(summaries.get(item)) && (
              <p className="text-base text-muted-foreground">{conversationHint(summaries.get(item))}</p>
            )}
          </div>
        </div>
        {/* The same width on every card, whatever the title or the state, so the switches and buttons line up down the list. */}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3 sm:shrink-0">
          <div className="flex items-center gap-3">
            <Switch id={`${id}-shared`} checked={shared} disabled={saving} onCheckedChange={toggleShared} aria-describedby={`${id}-shared-state`} />
            <Label htmlFor={`${id}-shared`}>
              Share with Family<span className="sr-only">: {memory.title}</span>
            </Label>
            <span id={`${id}-shared-state`} className="inline-block w-[5.5rem] text-base text-muted-foreground">
              {shared ? "(Shared)" : "(Private)"}
            </span>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link href={`/memories/edit/${memory.id}`} aria-label={`Edit ${memory.title}`}>
              <PencilIcon aria-hidden="true" />
              Edit
              <LinkPending />
            </Link>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={`${id}-details`}
            onClick={() => setExpanded((value) => !value)}
          >
            <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", expanded && "rotate-180")} />
            {expanded ? "Hide details" : "Show details"}
            <span className="sr-only"> for {memory.title}</span>
          </Button>
        </div>
      </div>
      <div id={`${id}-details`} hidden={!expanded} className="flex flex-col gap-5 border-t px-5 py-5 sm:px-6">
        {memory.recording && <RecordingPlayer recording={memory.recording} title={memory.title} />}
        {memory.recording && <RecordingTranscript recording={memory.recording} />}
        <p className="text-lg leading-relaxed whitespace-pre-line">{memory.content}</p>
        {memory.memory_tags.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">With:</span>
            <ul className="flex flex-wrap gap-2" aria-label="Tagged family members">
              {memory.memory_tags.map((tag) => (
                <li key={tag.id} className="rounded-full bg-secondary px-3 py-1 text-secondary-foreground">
                  {fullName(tag.profiles)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {photos.length > 0 && (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
            aria-label="Photos"
            onPointerEnter={preloadPhotoLightbox}
            onFocus={preloadPhotoLightbox}
          >
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <button
                  type="button"
                  onClick={photoViewer.open(index)}
                  className="block aspect-[4/3] w-full overflow-hidden rounded-lg border bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  aria-label={`Open photo ${index + 1} of ${photos.length}`}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs */}
                  <img src={photo.thumbnail_url} alt="" className="size-full object-cover" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {/* The author sees what the family said; a private memory's conversation is hidden with it. */}
        {memory.is_shared && expanded && <Conversation item={item} title={memory.title} summaries={summaries} viewerId={viewerId} />}
      </div>
      {photoViewer.viewer}
    </Card>
  );
}
