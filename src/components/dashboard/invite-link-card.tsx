"use client";

import { CopyIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { apiRequest } from "@/lib/api-client";
import { formatLongDate } from "@/lib/dates";
import { INVITE_LINK_DAY_CHOICES } from "@/lib/invite-words";
import { fullName } from "@/lib/people";
import type { FamilyInviteDto } from "@/server/family/invite-links/family-invite-dto";

// The dashboard's invite card (docs/product.md): the link with a copy action for every member;
// admins can replace it (the old link stops working) or close it, after confirming
// (docs/decisions/008-invites.md). Everyone else is told who can.

const dayLabel = (days: number) => (days === 365 ? "1 year" : `${days} day${days === 1 ? "" : "s"}`);
// The day a link stops working, as a calendar date so server and browser write it alike.
const untilDay = (instant: string) => formatLongDate(instant.slice(0, 10));

function listNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "an admin";
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

function ReplaceLinkButton({ invite, triggerRef }: { invite: FamilyInviteDto; triggerRef: React.RefObject<HTMLButtonElement | null> }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [days, setDays] = useState(invite.default_expires_in_days);
  const choices = [...new Set([...INVITE_LINK_DAY_CHOICES, invite.default_expires_in_days])].sort((a, b) => a - b);
  const replacing = invite.status !== "closed";

  async function confirm() {
    setBusy(true);
    const result = await apiRequest("/family/invite", { json: { expires_in_days: days } });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    setOpen(false);
    toast.success("New invite link ready", { description: replacing ? "The old link no longer works." : "Relatives can join through it." });
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button ref={triggerRef} type="button" variant="outline">
          {invite.status === "open" ? "Replace link" : "Create a new link"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{replacing ? "Replace the invite link?" : "Create a new invite link?"}</DialogTitle>
        <DialogDescription>
          {replacing
            ? "The current link stops working at once. Relatives who have it but have not registered yet will need the new one."
            : "Relatives will be able to join your family through the new link until it expires."}
        </DialogDescription>
        <div className="flex flex-col gap-2">
          <Label htmlFor="invite-days">New link works for</Label>
          <NativeSelect id="invite-days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {dayLabel(choice)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {replacing ? "Keep current link" : "Cancel"}
            </Button>
          </DialogClose>
          <Button type="button" onClick={confirm} disabled={busy}>
            {busy ? "Creating link..." : replacing ? "Replace link" : "Create link"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CloseLinkButton({ afterClose }: { afterClose: () => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await apiRequest("/family/invite", { method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    setOpen(false);
    toast.success("Invite link closed", { description: "Nobody can join through it any more." });
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="text-destructive">
          Close link
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // This button goes away once the link is closed: the focus moves to "Create a new link".
          event.preventDefault();
          afterClose();
        }}
      >
        <DialogTitle>Close the invite link?</DialogTitle>
        <DialogDescription>
          Nobody can join your family through it until an admin creates a new link. Members already in the family are not affected.
        </DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Keep link open
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={busy}>
            {busy ? "Closing..." : "Close link"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function InviteLinkCard({ invite }: { invite: FamilyInviteDto }) {
  const replaceRef = useRef<HTMLButtonElement>(null);
  const link = invite.status === "open" ? invite.invite : null;
  const admins = `${listNames(invite.admins.map((admin) => fullName(admin)))} (family admin${invite.admins.length > 1 ? "s" : ""})`;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success("Copied!", { description: "Invite link copied to clipboard" });
    } catch {
      toast.error("Failed to copy invite link");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite your family</CardTitle>
        <CardDescription>Send this link to a relative. When they register through it, they join your family group.</CardDescription>
      </CardHeader>
      {link ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor="invite-link">Family invite link</Label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id="invite-link"
              readOnly
              value={link.url}
              aria-describedby="invite-link-expiry"
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-base"
            />
            <Button type="button" onClick={copy} className="shrink-0">
              <CopyIcon aria-hidden="true" />
              Copy link
            </Button>
          </div>
          <p id="invite-link-expiry" className="text-base text-muted-foreground">
            Works until {untilDay(link.expires_at)}.
          </p>
        </div>
      ) : (
        <p className="rounded-lg border bg-muted p-4 font-medium">
          {invite.status === "expired" && invite.invite
            ? `The invite link expired on ${untilDay(invite.invite.expires_at)}. Nobody can join through it.`
            : "The invite link is closed. Nobody can join through it."}
        </p>
      )}
      {invite.can_manage ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <ReplaceLinkButton invite={invite} triggerRef={replaceRef} />
          {invite.status !== "closed" && <CloseLinkButton afterClose={() => replaceRef.current?.focus()} />}
        </div>
      ) : (
        <p className="text-base text-muted-foreground">{link ? `Only ${admins} can replace or close this link.` : `Ask ${admins} for a new link.`}</p>
      )}
    </Card>
  );
}
