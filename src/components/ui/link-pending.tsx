"use client";

import { useLinkStatus } from "next/link";

/**
 * Inside a <Link>: a small spinner beside the label while the page it leads to is on its way,
 * so a tap on a slow phone connection is answered at once. The new page's title is announced
 * by Next's route announcer when it arrives, so the spinner itself is hidden from screen readers.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      aria-hidden="true"
      data-link-pending=""
      className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
    />
  );
}
