"use client";

import { UnexpectedError } from "@/components/errors/unexpected-error";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <UnexpectedError error={error} reset={reset} />;
}
