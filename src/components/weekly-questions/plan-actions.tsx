"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import type { WeeklyPlanStatus } from "@/lib/schemas/weekly-questions";

// Pause, resume and stop one set of weekly questions (docs/product.md §13). Stopping asks first:
// it cannot be undone.

const done: Record<WeeklyPlanStatus, string> = { paused: "Weekly questions paused", active: "Weekly questions resumed", stopped: "Weekly questions stopped" };

export function PlanActions({ planId, status, recipientName, shared }: { planId: string; status: WeeklyPlanStatus; recipientName: string; shared: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function change(next: WeeklyPlanStatus) {
    setBusy(true);
    const result = await apiRequest(`/weekly-questions/${planId}`, { method: "PATCH", json: { status: next } });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    setConfirming(false);
    toast.success(done[next]);
    router.refresh();
  }

  // Whether answers go to the family changes on a running plan; nothing is stopped or emailed again.
  async function changeSharing(next: boolean) {
    setBusy(true);
    const result = await apiRequest(`/weekly-questions/${planId}`, { method: "PATCH", json: { share_by_default: next } });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    toast.success(next ? "Answers will be shared with the family" : "Answers will stay private unless shared");
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      <label className="flex min-h-11 items-center gap-3 text-base">
        <Switch checked={shared} disabled={busy} onCheckedChange={changeSharing} />
        <span>
          Share answers with the family when they are saved
          <span className="block text-muted-foreground">{shared ? "On" : "Off"}: each answer can still be kept private, or shared later.</span>
        </span>
      </label>
      <div className="flex flex-wrap gap-3">
        {status === "active" ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => change("paused")}>
            Pause
          </Button>
        ) : (
          <Button type="button" disabled={busy} onClick={() => change("active")}>
            Resume
          </Button>
        )}
        <Dialog open={confirming} onOpenChange={(next) => !busy && setConfirming(next)}>
          <DialogTrigger asChild>
            <Button type="button" variant="outline" className="text-destructive" disabled={busy}>
              Stop
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Stop weekly questions for {recipientName}?</DialogTitle>
            <DialogDescription>No more questions will be sent. Answers already given are kept. You can set up new weekly questions later.</DialogDescription>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Keep them
                </Button>
              </DialogClose>
              <Button type="button" variant="destructive" onClick={() => change("stopped")} disabled={busy}>
                {busy ? "Stopping..." : "Stop weekly questions"}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>
    </div>
  );
}
