"use client";

import Lightbox from "yet-another-react-lightbox";
import Captions from "yet-another-react-lightbox/plugins/captions";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/captions.css";

export type LightboxPhoto = { id: string; photo_url: string };

/**
 * The full-screen photo viewer (yet-another-react-lightbox): the photo as large as the screen
 * allows, swipe or the arrow keys and buttons to move between photos, pinch, double-tap or the
 * zoom buttons to look closer, and a caption with the memory's title and "Photo n of m". It is
 * loaded only when a photo is opened (lazy-photo-lightbox.tsx), which also returns the focus to
 * the photo that opened it.
 */
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
  const total = photos.length;
  const several = total > 1;
  return (
    <Lightbox
      open={index !== null && total > 0}
      index={Math.min(index ?? 0, Math.max(total - 1, 0))}
      close={onClose}
      slides={photos.map((photo, position) => ({
        src: photo.photo_url,
        alt: `${title}, photo ${position + 1} of ${total}`,
        title,
        description: `Photo ${position + 1} of ${total}`,
      }))}
      plugins={[Captions, Zoom]}
      on={{ view: ({ index: shown }) => onIndexChange(shown) }}
      labels={{
        Lightbox: title,
        "Photo gallery": `Photos of ${title}`,
        Carousel: "photos",
        Slide: "photo",
        "{index} of {total}": "Photo {index} of {total}",
        Previous: "Previous photo",
        Next: "Next photo",
        Close: "Close photo viewer",
        "Zoom in": "Zoom in",
        "Zoom out": "Zoom out",
      }}
      // From the last photo, Next goes round to the first; a single photo has nothing to move to.
      carousel={{ finite: !several, preload: 1 }}
      render={several ? undefined : { buttonPrev: () => null, buttonNext: () => null }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      captions={{ showToggle: false, descriptionTextAlign: "center", descriptionMaxLines: 1 }}
      zoom={{ maxZoomPixelRatio: 3, doubleTapDelay: 300, doubleClickDelay: 300, scrollToZoom: true }}
      // A long title wraps rather than being cut short with an ellipsis.
      styles={{ captionsTitle: { whiteSpace: "normal", overflowWrap: "anywhere" } }}
    />
  );
}
