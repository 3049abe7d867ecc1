"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import type { WeeklyPlanStatus } from "@/lib/schemas/weekly-questions";

// Pause, resume and stop one set of weekly questions (docs/product.md §13). Stopping asks first:
// it cannot be undone.

const done: Record<WeeklyPlanStatus, string> = { paused: "Weekly questions paused", active: "Weekly questions resumed", stopped: "Weekly questions stopped" };

export function PlanActions({ planId, status, recipientName, shared }: { planId: string; status: WeeklyPlanStatus; recipientName: string; shared: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function change(next: WeeklyPlanStatus) {
    setBusy(true);
    const result = await apiRequest(`/weekly-questions/${planId}`, { method: "PATCH", json: { status: next } });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return false;
    }
    toast.success(done[next]);
    router.refresh();
    return true;
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
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" className="text-destructive" disabled={busy}>
              Stop
            </Button>
          }
          title={`Stop weekly questions for ${recipientName}?`}
          description="No more questions will be sent. Answers already given are kept. You can set up new weekly questions later."
          keepLabel="Keep them"
          confirmLabel="Stop weekly questions"
          workingLabel="Stopping..."
          onConfirm={() => change("stopped")}
        />
      </div>
    </div>
  );
}
