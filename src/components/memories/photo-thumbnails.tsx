"use client";

import { preloadPhotoLightbox, usePhotoViewer } from "@/components/memories/lazy-photo-lightbox";
import { BOOK_CARD_THUMBNAILS } from "@/lib/constants";

type Photo = { id: string; photo_url: string; thumbnail_url: string };

/**
 * Up to four thumbnails of a memory's or an answer's photos, in their order (as the server gives
 * them), the last with "+N more"; each opens the photo viewer at that photo (docs/product.md §2, §5).
 */
export function PhotoThumbnails({ title, photos }: { title: string; photos: Photo[] }) {
  const photoViewer = usePhotoViewer(title, photos);
  const shown = photos.slice(0, BOOK_CARD_THUMBNAILS);
  const hidden = photos.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <>
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
      {photoViewer.viewer}
    </>
  );
}
