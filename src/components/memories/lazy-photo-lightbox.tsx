"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type ComponentProps, type MouseEvent } from "react";
import type { LightboxPhoto, PhotoLightbox } from "./photo-lightbox";

// The photo viewer (a library of its own, with its styles) loads the first time someone reaches
// for a photo rather than with every page that shows thumbnails.
const loadLightbox = () => import("./photo-lightbox").then((module) => module.PhotoLightbox);
const Lightbox = dynamic(loadLightbox, { ssr: false });

/** Starts loading the viewer as a pointer or the focus reaches the photos, so it opens at once. */
export function preloadPhotoLightbox() {
  void loadLightbox();
}

export function LazyPhotoLightbox(props: ComponentProps<typeof PhotoLightbox>) {
  return props.index === null ? null : <Lightbox {...props} />;
}

/**
 * A memory's photo viewer and the button that opened it: `open(index)` as the click handler of
 * a photo; when the viewer closes (Escape, the close button, a tap beside the photo), the focus
 * goes back to that photo's button, not to the top of the page.
 */
export function usePhotoViewer(title: string, photos: LightboxPhoto[]) {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return {
    open: (photoIndex: number) => (event: MouseEvent<HTMLElement>) => {
      opener.current = event.currentTarget;
      setIndex(photoIndex);
    },
    viewer: (
      <LazyPhotoLightbox
        title={title}
        photos={photos}
        index={index}
        onIndexChange={setIndex}
        onClose={() => {
          setIndex(null);
          // After the viewer has given the page back (it makes the page inert while open).
          requestAnimationFrame(() => opener.current?.focus());
        }}
      />
    ),
  };
}
