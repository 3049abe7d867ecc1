"use client";

import { CheckIcon, ImageOffIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/dates";

// The book's cover photo: none, or one of the photos the family shared (GET /api/family-book/photos),
// as a group of radio buttons, each a thumbnail named by its memory and date. More load on request.

type CoverPhoto = { id: string; thumbnail_url: string; memory_title: string; memory_date: string; position: number; memory_photo_count: number };

/** "Summer at the lake, July 14, 1990", and "photo 2 of 3" when the memory has more than one. */
const nameOf = (photo: CoverPhoto) =>
  `${photo.memory_title}, ${formatLongDate(photo.memory_date)}${photo.memory_photo_count > 1 ? `, photo ${photo.position} of ${photo.memory_photo_count}` : ""}`;
type PhotoPage = { photos: CoverPhoto[]; next_cursor: string | null };

const PAGE_SIZE = 12;

const tile = cn(
  "relative flex min-h-11 cursor-pointer items-center justify-center overflow-hidden rounded-lg border-2 border-input bg-card",
  "has-checked:border-primary has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
);

function Selected() {
  return (
    <span aria-hidden="true" className="absolute top-1 right-1 hidden rounded-full bg-primary p-1 text-primary-foreground group-has-checked:block">
      <CheckIcon className="size-4" />
    </span>
  );
}

async function requestPage(after: string | null): Promise<PhotoPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(after && { cursor: after }) });
  const response = await fetch(`/api/family-book/photos?${query}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return ((await response.json()) as { data: PhotoPage }).data;
}

export function CoverPhotoPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [photos, setPhotos] = useState<CoverPhoto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  const show = (after: string | null, page: PhotoPage) => {
    setPhotos((shown) => [...(after ? shown : []), ...page.photos]);
    setCursor(page.next_cursor);
    setState("ready");
  };
  const load = (after: string | null) => {
    setState("loading");
    requestPage(after).then(
      (page) => show(after, page),
      () => setState("failed"),
    );
  };

  // The first page of photos, fetched once the dialog is open.
  useEffect(() => {
    let current = true;
    requestPage(null).then(
      (page) => {
        if (!current) return;
        setPhotos(page.photos);
        setCursor(page.next_cursor);
        setState("ready");
      },
      () => current && setState("failed"),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-medium">Cover photo</legend>
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        <label className={cn(tile, "group aspect-square flex-col gap-1 p-2 text-center")}>
          <input type="radio" name="book-cover" value="" checked={value === ""} onChange={() => onChange("")} className="sr-only" />
          <ImageOffIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          <span>No photo</span>
          <Selected />
        </label>
        {photos.map((photo) => (
          <label key={photo.id} className={cn(tile, "group aspect-square")}>
            <input type="radio" name="book-cover" value={photo.id} checked={value === photo.id} onChange={() => onChange(photo.id)} className="sr-only" />
            {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs are not for the image optimiser */}
            <img src={photo.thumbnail_url} alt={nameOf(photo)} loading="lazy" className="size-full object-cover" />
            <Selected />
          </label>
        ))}
      </div>
      {state === "loading" && <p className="text-muted-foreground">Loading your family&apos;s photos…</p>}
      {state === "failed" && (
        <p role="alert" className="text-destructive">
          We could not load your family&apos;s photos. The book can still be made without a cover photo.{" "}
          <Button type="button" variant="link" className="h-auto min-h-11 p-0 text-base" onClick={() => load(photos.length > 0 ? cursor : null)}>
            Try again
          </Button>
        </p>
      )}
      {state === "ready" && photos.length === 0 && <p className="text-muted-foreground">Photos your family shares in memories can go on the cover.</p>}
      {state === "ready" && cursor && (
        <Button type="button" variant="outline" className="min-h-11 self-start" onClick={() => load(cursor)}>
          Show more photos
        </Button>
      )}
    </fieldset>
  );
}
