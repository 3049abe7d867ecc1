"use client";

import Link from "next/link";
import { useState, type ReactNode, type RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";

/**
 * After a weekly answer is saved (docs/product.md §13): whether the family can read it, and one tap
 * to share it or keep it private, with the same link that answered it — no password needed. Shown
 * as the thank-you, and again on the question's page opened later while the link is valid.
 */
export function WeeklyAnswerSharing({
  token,
  heading,
  headingRef,
  initialShared,
}: {
  token: string;
  heading: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  initialShared: boolean;
}) {
  const [shared, setShared] = useState(initialShared);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(isShared: boolean) {
    setError(null);
    setBusy(true);
    const result = await apiRequest<{ answer: { is_shared: boolean } }>("/weekly-questions/answer", { method: "PATCH", json: { token, is_shared: isShared } });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setShared(result.data.answer.is_shared);
    headingRef?.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4" role="status">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {heading}
      </h2>
      <p className="text-lg">
        {shared
          ? "It is shared with your family in the Family Book. You can hide it again under My Completed Questionnaires."
          : "It is private: only you can read it until you share it, under My Completed Questionnaires."}
      </p>
      {error && (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button type="button" size="lg" variant={shared ? "outline" : "default"} disabled={busy} onClick={() => change(!shared)} className="w-full sm:w-auto">
          {busy ? "Saving..." : shared ? "Keep it private instead" : "Share with the family"}
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
          <Link href="/completed-questionnaires">Sign in to read your answers</Link>
        </Button>
      </div>
    </div>
  );
}
