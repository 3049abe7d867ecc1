"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { PhotoLightbox } from "./photo-lightbox";

// The lightbox, and the dialog code beneath it, loads the first time someone reaches for a
// photo rather than with every page that shows thumbnails.
const loadLightbox = () => import("./photo-lightbox").then((module) => module.PhotoLightbox);
const Lightbox = dynamic(loadLightbox, { ssr: false });

/** Starts loading the lightbox as a pointer or the focus reaches the photos, so it opens at once. */
export function preloadPhotoLightbox() {
  void loadLightbox();
}

export function LazyPhotoLightbox(props: ComponentProps<typeof PhotoLightbox>) {
  return props.index === null ? null : <Lightbox {...props} />;
}
