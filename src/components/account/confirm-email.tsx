"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button-variants";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest } from "@/lib/api-client";
import { EMAIL_LINK_INVALID } from "@/lib/schemas/email-address";

type Outcome = { state: "working" } | { state: "confirmed"; message: string } | { state: "refused"; message: string };

/** Confirms the address as soon as the page opens in a browser, and says how it went. */
export function ConfirmEmail({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "working" } : { state: "refused", message: EMAIL_LINK_INVALID });
  const sent = useRef(false);
  const router = useRouter();

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void apiRequest<{ message: string }>("/auth/email/confirm", { json: { token } }).then((result) => {
      setOutcome(result.ok ? { state: "confirmed", message: result.data.message } : { state: "refused", message: result.error });
      // The banner asking for confirmation goes away.
      if (result.ok) router.refresh();
    });
  }, [token, router]);

  if (outcome.state === "working") {
    return <Spinner label="Confirming your email address..." />;
  }
  return (
    <div className="flex flex-col gap-4">
      {outcome.state === "confirmed" ? (
        <Alert role="status">
          <p className="text-lg font-semibold">{outcome.message}</p>
          <p className="mt-1">Family Book can now send you the emails you choose in Settings.</p>
        </Alert>
      ) : (
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">{outcome.message}</p>
          <p className="mt-1 text-foreground">Signed in, you can ask for a new link on your dashboard or in Settings.</p>
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href="/family-dashboard" className={buttonVariants()}>
          Go to my dashboard
        </Link>
        <Link href="/settings" className={buttonVariants({ variant: "outline" })}>
          Settings
        </Link>
      </div>
    </div>
  );
}
