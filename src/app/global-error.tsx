"use client";

import { UnexpectedError } from "@/components/errors/unexpected-error";
import "./globals.css";

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="mx-auto max-w-3xl px-4 font-sans">
        <UnexpectedError error={error} reset={reset} />
      </body>
    </html>
  );
}
