"use client";

import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

export type LightboxPhoto = { id: string; photo_url: string };

/** A 16:9 carousel over a memory's photos: labelled previous/next, arrow keys, Escape closes. */
export function PhotoLightbox({
  title,
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  title: string;
  photos: LightboxPhoto[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const several = photos.length > 1;
  const go = (step: number) => onIndexChange((current + step + photos.length) % photos.length);

  function onKeyDown(event: KeyboardEvent) {
    if (!several) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-5xl gap-3 p-4 sm:p-6" onKeyDown={onKeyDown} closeLabel="Close photo viewer">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Photo {current + 1} of {photos.length}
          {several ? ". Use the arrow keys or the buttons to move between photos." : ""}
        </DialogDescription>
        {open && (
          <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
            {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs are not for the image optimiser */}
            <img src={photos[current]!.photo_url} alt={`${title}, photo ${current + 1} of ${photos.length}`} className="size-full object-contain" />
          </div>
        )}
        {several && (
          <div className="flex items-center justify-between gap-3">
            <Button type="button" variant="outline" onClick={() => go(-1)} aria-label="Previous photo">
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button type="button" variant="outline" onClick={() => go(1)} aria-label="Next photo">
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
