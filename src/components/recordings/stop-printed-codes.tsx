"use client";

import { QrCodeIcon } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest } from "@/lib/api-client";

/**
 * A printed book's codes of a recording (docs/product.md §2 "Told out loud"): said when a printed
 * book carries one, and stopped, after a confirmation, by the author or an admin of the family.
 */
export function StopPrintedCodes({ path, title, onStopped }: { path: string; title: string; onStopped: () => void }) {
  const id = useId();

  async function stop() {
    const result = await apiRequest(path, { method: "DELETE" });
    if (!result.ok) {
      toast.error("Error", { description: `Failed to stop the printed codes: ${result.error}` });
      return false;
    }
    toast.success("Printed codes stopped", { description: "Codes already printed no longer play this story. A new book prints a new code." });
    onStopped();
    return true;
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-4">
      <p id={`${id}-hint`} className="flex items-start gap-2 text-base">
        <QrCodeIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <span>A printed book carries a code that plays this recording to whoever holds the book, without an account.</span>
      </p>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" className="self-start" aria-describedby={`${id}-hint`}>
            Stop printed codes
          </Button>
        }
        title="Stop the printed codes?"
        description={
          <>
            Codes already printed for &ldquo;{title}&rdquo; will no longer play it, for anyone. The recording stays in the Family Book, and a book made from now
            on prints a new code.
          </>
        }
        keepLabel="Keep Codes"
        confirmLabel="Stop Codes"
        workingLabel="Stopping..."
        onConfirm={stop}
      />
    </div>
  );
}
