"use client";

import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";

/**
 * Until the person confirms their address (docs/decisions/017-verified-addresses.md): a note at
 * the top of every page, never in the way, with a way to get the link again.
 */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<{ ok: boolean; message: string } | null>(null);

  async function resend() {
    setBusy(true);
    const result = await apiRequest<{ message: string }>("/auth/email/resend", { method: "POST" });
    setBusy(false);
    setReply(result.ok ? { ok: true, message: result.data.message } : { ok: false, message: result.error });
  }

  return (
    <section
      aria-labelledby="confirm-email-banner"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <MailCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <div className="min-w-0">
          <h2 id="confirm-email-banner" className="font-semibold">
            Please confirm your email address
          </h2>
          <p className="[overflow-wrap:anywhere]">We sent a link to {email}. Open it to confirm this address is yours.</p>
          <p role="status" className={reply && !reply.ok ? "font-medium text-destructive" : "font-medium"}>
            {reply?.message}
          </p>
        </div>
      </div>
      <Button type="button" variant="outline" onClick={resend} disabled={busy} className="shrink-0 self-start sm:self-center">
        {busy ? "Sending..." : "Send the link again"}
      </Button>
    </section>
  );
}
