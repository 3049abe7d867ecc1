"use client";

import { preloadPhotoLightbox, usePhotoViewer } from "@/components/memories/lazy-photo-lightbox";
import { BOOK_CARD_THUMBNAILS } from "@/lib/constants";
import type { MemoryDto } from "@/server/memories/memory-dto";

/** A shared memory opened up: its story, and up to four thumbnails with "+N more" (docs/product.md §2). */
export function MemoryDetails({ memory }: { memory: MemoryDto }) {
  const photos = [...memory.memory_photos].sort((a, b) => a.order_number - b.order_number);
  const photoViewer = usePhotoViewer(memory.title, photos);
  const shown = photos.slice(0, BOOK_CARD_THUMBNAILS);
  const hidden = photos.length - shown.length;
  return (
    <div className="flex flex-col gap-4">
      <p className="whitespace-pre-line">{memory.content}</p>
      {shown.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos" onPointerEnter={preloadPhotoLightbox} onFocus={preloadPhotoLightbox}>
          {shown.map((photo, index) => {
            const last = index === shown.length - 1 && hidden > 0;
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  onClick={photoViewer.open(index)}
                  aria-label={last ? `Open photo ${index + 1} of ${photos.length} (${hidden} more)` : `Open photo ${index + 1} of ${photos.length}`}
                  className="relative block aspect-[4/3] w-full overflow-hidden rounded-lg bg-muted focus-visible:outline-3 focus-visible:outline-ring"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs are not for the image optimiser */}
                  <img src={photo.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
                  {last && (
                    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/60 text-xl font-semibold text-white">
                      +{hidden} more
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {photoViewer.viewer}
    </div>
  );
}
