"use client";

import { Loader2Icon } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest } from "@/lib/api-client";
import { emailPreferenceTexts, type EmailPreferenceKind } from "@/lib/email-preferences";

// Where an email's unsubscribe link lands (docs/product.md §11). The kind of email is turned off
// as the page opens — by the browser, so a mail scanner that only fetches the link changes
// nothing (docs/decisions/013-email.md) — and the page says what was turned off, with a button to
// turn it back on. No sign-in: the link's signed token is the permission.

type State = "turning-off" | "off" | "turning-on" | "on" | "failed";

export function UnsubscribeConfirmation({ token, kind }: { token: string; kind: EmailPreferenceKind }) {
  const [state, setState] = useState<State>("turning-off");
  const [error, setError] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const text = emailPreferenceTexts[kind];
  const address = `/unsubscribe?token=${encodeURIComponent(token)}`;

  async function set(enabled: boolean) {
    setError(null);
    setWanted(enabled);
    setState(enabled ? "turning-on" : "turning-off");
    const result = await apiRequest(address, { method: enabled ? "DELETE" : "POST" });
    if (!result.ok) {
      setError(result.error);
      setState("failed");
      return;
    }
    setState(enabled ? "on" : "off");
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void set(false);
    // Runs once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state === "off" || state === "on") heading.current?.focus();
  }, [state]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={heading} tabIndex={-1} className="outline-none">
          {state === "on" ? "Turned back on" : state === "failed" ? "Something went wrong" : state === "turning-off" ? "Turning off…" : "You are unsubscribed"}
        </CardTitle>
        <CardDescription className="text-base text-foreground" aria-live="polite">
          {state === "off" && text.turnedOff}
          {state === "on" && `${text.label}: you will get these emails again.`}
          {(state === "turning-off" || state === "turning-on") && (
            <span className="inline-flex items-center gap-2">
              <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
              {state === "turning-on" ? "Turning these emails back on…" : `Turning off: ${text.label.toLowerCase()}.`}
            </span>
          )}
        </CardDescription>
      </CardHeader>
      {error && (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        {state === "off" && (
          <Button type="button" size="lg" variant="outline" onClick={() => void set(true)}>
            Turn these emails back on
          </Button>
        )}
        {state === "on" && (
          <Button type="button" size="lg" variant="outline" onClick={() => void set(false)}>
            Turn them off again
          </Button>
        )}
        {state === "failed" && (
          <Button type="button" size="lg" onClick={() => void set(wanted)}>
            Try again
          </Button>
        )}
        <Link href="/settings" className="inline-flex min-h-11 items-center rounded-md font-medium text-primary underline underline-offset-4">
          All email settings
        </Link>
      </div>
    </Card>
  );
}
