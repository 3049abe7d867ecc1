"use client";

import { buttonVariants } from "@/components/ui/button-variants";

/** The router error page (docs/product.md §2): "Unexpected Application Error!" with the status or message beneath it. */
export function UnexpectedError({ error, reset }: { error: Error & { digest?: string; status?: number }; reset?: () => void }) {
  // Production builds hide server error messages; the digest lets support find the log line.
  const detail = error.status ? String(error.status) : error.message || (error.digest ? `Error reference ${error.digest}` : "Unknown error");
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="max-w-xl text-lg text-muted-foreground">{detail}</p>
      {reset && (
        // The error page is part of every page's bundle: a plain button, no class merging.
        <button type="button" onClick={reset} className={buttonVariants({ size: "lg" })}>
          Try again
        </button>
      )}
    </div>
  );
}
