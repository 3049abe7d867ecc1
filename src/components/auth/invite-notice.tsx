"use client";

import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";
import { INVALID_INVITE, joinFamilyLine } from "@/lib/invite-words";

/** The invite the register page opened with, as the server found it (docs/decisions/008-invites.md). */
export type InviteAtOpen =
  | {
      status: "open";
      code: string;
      familyName: string | null;
      invitedBy: string | null;
      /** An invitation by email: to whom it was sent, and whether that address already has an account. */
      invitation?: { firstName: string; email: string; hasAccount: boolean };
    }
  | { status: "refused" };

/** Forgets the invite this browser remembered, and takes it out of the address bar. */
async function forgetInvite() {
  await apiRequest("/invites/remembered", { method: "DELETE" });
  const url = new URL(window.location.href);
  if (url.searchParams.has("familyId")) {
    url.searchParams.delete("familyId");
    window.history.replaceState(null, "", url);
  }
}

/**
 * Says whose family an invite is for before anything is filled in, and lets the person start
 * their own family instead. An invite that can no longer be used is refused here, at open.
 */
export function InviteNotice({ invite, onDeclined, onSignIn }: { invite: InviteAtOpen; onDeclined: () => void; onSignIn: () => void }) {
  const [busy, setBusy] = useState(false);

  async function decline() {
    setBusy(true);
    await forgetInvite();
    setBusy(false);
    onDeclined();
  }

  if (invite.status === "refused") {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">{INVALID_INVITE}</p>
          <p className="mt-1 text-foreground">
            It may have expired or been replaced by a new link. You can register and start your own family, or sign in if you already have an account.
          </p>
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="button" onClick={decline} disabled={busy}>
            Register a new family
          </Button>
          <Button type="button" variant="outline" onClick={onSignIn}>
            Sign in
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="invite-family" className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p id="invite-family" className="flex items-start gap-2 text-lg font-semibold">
        <UsersIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
        {joinFamilyLine({ familyName: invite.familyName, invitedBy: invite.invitedBy })}
      </p>
      {invite.invitation?.hasAccount ? (
        <div role="status" className="flex flex-col gap-3">
          <p>There is already a Family Book account for {invite.invitation.email}. Sign in with it instead of registering again.</p>
          <Button type="button" onClick={onSignIn} className="self-start">
            Sign in
          </Button>
        </div>
      ) : (
        <p className="text-base">
          Registering below makes you a member of this family: you will see what they share, and they will see what you choose to share.
        </p>
      )}
      <Button type="button" variant="outline" onClick={decline} disabled={busy} className="self-start">
        Create my own family instead
      </Button>
    </section>
  );
}
