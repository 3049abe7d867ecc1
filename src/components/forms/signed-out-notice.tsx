"use client";

import { LogInIcon } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { signInHref } from "@/lib/next-path";
import type { Kept } from "./signed-out-draft";

/** "You've been signed out — sign in to save your memory" (docs/product.md §4). */
export const signedOutMessage = (action: string) => `You've been signed out — sign in to ${action}`;

const listOf = (names: string[]) => names.join(", ");

/**
 * Shown where a save met an ended session: what happened, what was kept, and a way to sign in
 * that comes back to this page. It takes the focus, so the form's save button is not pressed again
 * for nothing.
 */
export function SignedOutNotice({ action, kept, photosToChooseAgain = [] }: { action: string; kept: Kept; photosToChooseAgain?: string[] }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const path = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;

  return (
    <div role="alert" aria-labelledby="signed-out-title" className="flex flex-col gap-3 rounded-lg border-2 border-destructive/60 bg-destructive/5 p-4">
      <p id="signed-out-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-destructive outline-none">
        {signedOutMessage(action)}
      </p>
      {kept === "none" ? (
        <p>This device could not keep a copy of what you wrote. Please copy your text somewhere safe before you sign in.</p>
      ) : (
        <p>What you wrote is kept on this device. Once you have signed in you come back to this page with it filled in.</p>
      )}
      {kept !== "none" && photosToChooseAgain.length > 0 && (
        <p>This device cannot keep the photos you chose, so please choose them again after signing in: {listOf(photosToChooseAgain)}.</p>
      )}
      <Button asChild size="lg" className="self-start">
        <Link href={signInHref(path)}>
          <LogInIcon aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    </div>
  );
}

/** Said once a kept draft is back in its form after signing in again. */
export function DraftRestoredNotice({ save, photosToChooseAgain = [] }: { save: string; photosToChooseAgain?: string[] }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border-2 border-primary/50 bg-primary/5 p-4">
      <p className="text-lg font-semibold">Welcome back: your draft is here, as you left it.</p>
      <p>Check it, then press {save} to save it.</p>
      {photosToChooseAgain.length > 0 && <p>Please choose these photos again: {listOf(photosToChooseAgain)}.</p>}
    </div>
  );
}
