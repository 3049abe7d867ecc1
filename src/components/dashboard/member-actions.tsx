"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import { memberRemovedLine, removalNotes } from "@/lib/family-circle-words";
import { fullName } from "@/lib/people";
import type { FamilyMemberDto, MemberRemovalDto } from "@/server/family/members/family-member-dto";

// The family admin's actions on a member (docs/product.md, "The family circle"): make them admin,
// or remove them from the family. Each asks first and says what will happen, and afterwards what
// else changed (a removal replaces the family's invite link).

type Action = "admin" | "revoke" | "remove" | "step-down";

/**
 * Asks before an action and does it. With `open`, the dialog is opened by its caller (the Admin
 * Access switch) and `onClose` says when it closes; otherwise it brings its own button.
 */
function ConfirmAction({ member, action, open: openedByCaller, onClose }: { member: FamilyMemberDto; action: Action; open?: boolean; onClose?: () => void }) {
  const router = useRouter();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openedByCaller ?? ownOpen;
  const setOpen = (next: boolean) => (openedByCaller === undefined ? setOwnOpen(next) : !next && onClose?.());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(member);

  async function confirm() {
    setBusy(true);
    setError(null);
    if (action === "remove") {
      const result = await apiRequest<MemberRemovalDto>(`/family/members/${member.id}`, { method: "DELETE" });
      setBusy(false);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setOpen(false);
      // The admin learns here that the link they shared before no longer works.
      toast.success(memberRemovedLine(name), {
        description: removalNotes(result.data) ?? undefined,
      });
      router.refresh();
      return;
    }
    const result = await apiRequest(`/family/members/${member.id}`, {
      method: "PATCH",
      json: { role: action === "admin" ? "admin" : "member" },
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setOpen(false);
    toast.success(action === "admin" ? `${name} is now an admin` : action === "revoke" ? `${name} is no longer an admin` : "You are no longer an admin");
    router.refresh();
  }

  const texts =
    action === "step-down"
      ? {
          trigger: "Step down as admin",
          title: "Step down as admin?",
          description: "You stay in the family as a member. The other admins keep looking after it.",
          confirm: "Step down",
          cancel: "Stay admin",
        }
      : action === "revoke"
        ? {
            trigger: "Take admin access away",
            title: `Take admin access from ${name}?`,
            description: `${name} stays in the family as a member, and can no longer invite or remove members or make others admin.`,
            confirm: "Take admin access away",
            cancel: "Cancel",
          }
        : action === "admin"
          ? {
              trigger: "Make admin",
              title: `Make ${name} an admin?`,
              description: `${name} will be able to invite and remove members, and to make others admin. You stay an admin too, and can step down once someone else is.`,
              confirm: "Make admin",
              cancel: "Cancel",
            }
          : {
              trigger: "Remove from family",
              title: `Remove ${name} from the family?`,
              description: `${name} keeps their account and their memories, and starts a family of their own. What they shared leaves the Family Book, and their name stays on your memories as plain text. So that they cannot rejoin on their own, an open invite link is replaced with a new one and the invitations they sent that are still waiting are revoked.`,
              confirm: "Remove from family",
              cancel: "Keep in family",
            };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && (setOpen(next), setError(null))}>
      {openedByCaller === undefined && (
        <DialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            aria-label={action === "step-down" ? undefined : `${texts.trigger}: ${name}`}
            className={action === "remove" ? "text-destructive" : undefined}
          >
            {texts.trigger}
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Opened by its caller: the caller puts the focus back where it was (the switch).
          if (openedByCaller !== undefined) event.preventDefault();
        }}
      >
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>{texts.description}</DialogDescription>
        {error && (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {texts.cancel}
            </Button>
          </DialogClose>
          <Button type="button" variant={action === "remove" ? "destructive" : "default"} onClick={confirm} disabled={busy}>
            {busy ? "Saving..." : texts.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The admin's actions on a member besides their admin access: removing them from the family. */
export function MemberActions({ member, isViewer }: { member: FamilyMemberDto; isViewer: boolean }) {
  if (isViewer) return null;
  return <ConfirmAction member={member} action="remove" />;
}

/**
 * The "Admin Access" column: a switch per member. The family's admins turn it on (make admin) and
 * off (take admin access away, their own included: stepping down), each after confirming; the last
 * admin's stays on, with the reason beside it. Everyone else sees it, read-only. The state is in
 * words as well as in the switch's position.
 */
export function AdminAccessSwitch({
  member,
  isViewer,
  viewerIsAdmin,
  lastAdmin,
}: {
  member: FamilyMemberDto;
  isViewer: boolean;
  viewerIsAdmin: boolean;
  /** The member is the family's only admin: the family cannot be left without one. */
  lastAdmin: boolean;
}) {
  const name = fullName(member);
  const [asking, setAsking] = useState(false);
  const control = useRef<HTMLInputElement>(null);
  const locked = !viewerIsAdmin || lastAdmin;
  const reason = lastAdmin && viewerIsAdmin ? "The family's only admin" : null;
  const action: Action = !member.is_admin ? "admin" : isViewer ? "step-down" : "revoke";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Switch
        checked={member.is_admin}
        disabled={locked}
        ref={control}
        aria-label={`Admin access: ${name}`}
        aria-describedby={reason ? `admin-access-${member.id}` : undefined}
        onCheckedChange={() => setAsking(true)}
      />
      <span aria-hidden="true">{member.is_admin ? "Yes" : "No"}</span>
      {reason && (
        <span id={`admin-access-${member.id}`} className="text-base text-muted-foreground">
          {reason}
        </span>
      )}
      {asking && (
        <ConfirmAction
          member={member}
          action={action}
          open
          onClose={() => {
            setAsking(false);
            requestAnimationFrame(() => control.current?.focus());
          }}
        />
      )}
    </div>
  );
}
