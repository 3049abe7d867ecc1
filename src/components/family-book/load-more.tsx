"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * Loads the next page when the reader scrolls near the end, and offers a button for keyboards,
 * screen readers and browsers that do not report scrolling.
 */
export function LoadMore({ onLoad, loading, label }: { onLoad: () => void; loading: boolean; label: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoad);
  useEffect(() => {
    latest.current = onLoad;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button type="button" variant="outline" onClick={onLoad} disabled={loading}>
        {loading ? "Loading..." : label}
      </Button>
    </div>
  );
}
