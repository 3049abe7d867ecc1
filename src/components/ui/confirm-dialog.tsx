"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * Asks before something that cannot be undone (deleting, removing, stopping printed codes): the
 * question, what it means, a button to keep things as they are and one to go ahead. While it works,
 * neither button nor Escape closes it; done, it closes; refused, it stays open to try again.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  keepLabel,
  confirmLabel,
  workingLabel,
  onConfirm,
}: {
  /** The button that opens it. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** "Keep Memory" */
  keepLabel: string;
  /** "Delete Memory" */
  confirmLabel: string;
  /** "Deleting..." */
  workingLabel: string;
  /** Does it; answers whether it was done (the dialog closes) or refused (it stays open). */
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);

  async function confirm() {
    setWorking(true);
    let done = false;
    try {
      done = await onConfirm();
    } finally {
      setWorking(false);
    }
    if (done) setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !working && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={working}>
              {keepLabel}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={working}>
            {working ? workingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
