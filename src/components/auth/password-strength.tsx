"use client";

import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";
import {
  estimatePasswordStrength,
  loadStrengthEstimator,
  MIN_PASSWORD_SCORE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ONLY_SPACES,
  type PasswordOwner,
  type StrengthEstimate,
} from "@/lib/passwords/password-rule";

// A live strength hint under a new password (the register form, the password reset form, Settings' change of password): the same estimate the rule uses
// (password-rule.ts), in words as well as in bars, announced politely to screen readers when
// the verdict changes. The dictionaries load once the person starts typing a password.

type Tone = "weak" | "fair" | "good" | "strong";
type Verdict = { label: string; tone: Tone; advice: string | null };

const BARS: Record<Tone, number> = { weak: 1, fair: 2, good: 3, strong: 4 };
const BAR_COLOUR: Record<Tone, string> = {
  weak: "bg-destructive",
  fair: "bg-amber-600",
  good: "bg-emerald-700",
  strong: "bg-emerald-700",
};

function verdictFor(password: string, estimate: StrengthEstimate | null): Verdict | null {
  if (password === "") return null;
  if (password.trim() === "") return { label: "Too easy to guess", tone: "weak", advice: PASSWORD_ONLY_SPACES };
  if (password.length < PASSWORD_MIN_LENGTH) return { label: "Too short", tone: "weak", advice: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (!estimate) return null;
  if (estimate.score < MIN_PASSWORD_SCORE) {
    return {
      label: "Too easy to guess",
      tone: "weak",
      advice: estimate.warning ?? estimate.suggestions[0] ?? "Add another word or two that others would not guess.",
    };
  }
  if (estimate.score === 2) return { label: "Fair", tone: "fair", advice: "Good enough. Another word would make it stronger." };
  if (estimate.score === 3) return { label: "Good", tone: "good", advice: null };
  return { label: "Strong", tone: "strong", advice: null };
}

/** `owner`: the person's names and email as typed or known, which count as easy to guess. */
export function PasswordStrength({ id, password = "", owner }: { id: string; password?: string; owner: PasswordOwner }) {
  const { first_name: firstName, last_name: lastName, email } = owner;
  const [estimate, setEstimate] = useState<StrengthEstimate | null>(null);

  useEffect(() => {
    if (password === "") return;
    // Start fetching the dictionaries with the first character, so they are ready by the eighth.
    if (password.length < PASSWORD_MIN_LENGTH || password.trim() === "") {
      loadStrengthEstimator().catch(() => undefined);
      return;
    }
    let current = true;
    estimatePasswordStrength(password, { first_name: firstName, last_name: lastName, email })
      .then((result) => current && setEstimate(result))
      // Without the dictionaries there is no hint; the rule is still applied when registering.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, firstName, lastName, email]);

  const verdict = verdictFor(password, estimate);
  return (
    <div id={id} className="flex flex-col gap-1.5">
      {verdict && (
        <div className="grid grid-cols-4 gap-1.5" aria-hidden="true">
          {[1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              className={cn("h-1.5 rounded-full", bar <= BARS[verdict.tone] ? BAR_COLOUR[verdict.tone] : "bg-muted ring-1 ring-border ring-inset")}
            />
          ))}
        </div>
      )}
      {/* Always in the page, so that assistive technology notices its text changing. */}
      <p aria-live="polite" className="text-base">
        {verdict && (
          <>
            <span>Password strength: </span>
            <strong className="font-semibold">{verdict.label}</strong>
            {verdict.advice && <span className="text-muted-foreground">. {verdict.advice}</span>}
          </>
        )}
      </p>
    </div>
  );
}
