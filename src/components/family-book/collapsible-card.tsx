"use client";

import { ChevronDownIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** A card whose header is a button that shows or hides the details below it, with an optional cover photo. */
export function CollapsibleCard({
  header,
  children,
  hint,
  cover,
  className,
  headingLevel = 3,
  anchors = [],
  preview,
}: {
  header: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  /** The start of what the card holds (a story's first lines), shown under it while it is closed. */
  preview?: string;
  /** A thumbnail's address: the card's first photo, shown beside its header. */
  cover?: string;
  className?: string;
  headingLevel?: 2 | 3;
  /**
   * The item anchors this card holds ("memory-…", "answer-…"): the first is its id, and an address
   * ending in any of them (a notification's link, docs/product.md §21) opens it and scrolls to it.
   */
  anchors?: string[];
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const anchorKey = anchors.join(" ");
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (!hash || !anchorKey.split(" ").includes(hash)) return;
    // After the first paint: the server rendered it closed, and hydration must match that.
    const frame = requestAnimationFrame(() => {
      setOpen(true);
      card.current?.scrollIntoView({ block: "start" });
      card.current?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [anchorKey]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card ref={card} id={anchors[0]} className={cn("gap-0 scroll-mt-24 p-0", className)}>
      <Heading className="text-base font-normal">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-details`}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-11 w-full items-start justify-between gap-4 rounded-xl p-5 text-left hover:bg-accent/50 focus-visible:outline-3 focus-visible:outline-ring"
        >
          {cover && (
            // eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs are not for the image optimiser
            <img src={cover} alt="" loading="lazy" data-cover className="aspect-[4/3] w-20 shrink-0 rounded-lg border object-cover sm:w-28" />
          )}
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            {header}
            {!open && hint && <span className="text-base text-muted-foreground">{hint}</span>}
          </span>
          <ChevronDownIcon aria-hidden="true" className={cn("mt-1 size-6 shrink-0 transition-transform", open && "rotate-180")} />
        </button>
      </Heading>
      {!open && preview && <p className="-mt-2 line-clamp-2 px-5 pb-5 text-base break-words">{preview}</p>}
      <div id={`${id}-details`} hidden={!open} className="border-t px-5 pt-4 pb-5">
        {open && children}
      </div>
    </Card>
  );
}
