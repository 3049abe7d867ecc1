"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { apiRequest } from "@/lib/api-client";
import type { FamilyMemberDto } from "@/server/families/family-member-dto";

// The family admin's actions on a member (docs/product.md, "The family circle"): make them admin,
// or remove them from the family. Each asks first and says what will happen.

type Action = "admin" | "remove" | "step-down";

function ConfirmAction({
  member,
  action,
}: {
  member: FamilyMemberDto;
  action: Action;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${member.first_name} ${member.last_name}`.trim();

  async function confirm() {
    setBusy(true);
    setError(null);
    const result =
      action === "remove"
        ? await apiRequest(`/family/members/${member.id}`, { method: "DELETE" })
        : await apiRequest(`/family/members/${member.id}`, {
            method: "PATCH",
            json: { role: action === "admin" ? "admin" : "member" },
          });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setOpen(false);
    toast.success(
      action === "admin"
        ? `${name} is now an admin`
        : action === "remove"
          ? `${name} was removed from the family`
          : "You are no longer an admin",
    );
    router.refresh();
  }

  const texts =
    action === "step-down"
      ? {
          trigger: "Step down as admin",
          title: "Step down as admin?",
          description:
            "You stay in the family as a member. The other admins keep looking after it.",
          confirm: "Step down",
          cancel: "Stay admin",
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
            description: `${name} keeps their account and their memories, and starts a family of their own. What they shared leaves the Family Book, and their name stays on your memories as plain text.`,
            confirm: "Remove from family",
            cancel: "Keep in family",
          };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && (setOpen(next), setError(null))}
    >
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          aria-label={
            action === "step-down" ? undefined : `${texts.trigger}: ${name}`
          }
          className={action === "remove" ? "text-destructive" : undefined}
        >
          {texts.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
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
          <Button
            type="button"
            variant={action === "remove" ? "destructive" : "default"}
            onClick={confirm}
            disabled={busy}
          >
            {busy ? "Saving..." : texts.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What the admin may do with a member; for themselves, stepping down once another member is admin. */
export function MemberActions({
  member,
  isViewer,
  otherAdmins,
}: {
  member: FamilyMemberDto;
  isViewer: boolean;
  otherAdmins: boolean;
}) {
  if (isViewer)
    return otherAdmins ? (
      <ConfirmAction member={member} action="step-down" />
    ) : null;
  return (
    <div className="flex flex-wrap gap-2">
      {!member.is_admin && <ConfirmAction member={member} action="admin" />}
      <ConfirmAction member={member} action="remove" />
    </div>
  );
}
