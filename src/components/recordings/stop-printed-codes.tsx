"use client";

import { QrCodeIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { apiRequest } from "@/lib/api-client";

/**
 * A printed book's codes of a recording (docs/product.md §2 "Told out loud"): said when a printed
 * book carries one, and stopped, after a confirmation, by the author or an admin of the family.
 */
export function StopPrintedCodes({ path, title, onStopped }: { path: string; title: string; onStopped: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);

  async function stop() {
    setStopping(true);
    const result = await apiRequest(path, { method: "DELETE" });
    setStopping(false);
    if (!result.ok) {
      toast.error("Error", { description: `Failed to stop the printed codes: ${result.error}` });
      return;
    }
    setOpen(false);
    toast.success("Printed codes stopped", { description: "Codes already printed no longer play this story. A new book prints a new code." });
    onStopped();
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-4">
      <p id={`${id}-hint`} className="flex items-start gap-2 text-base">
        <QrCodeIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <span>A printed book carries a code that plays this recording to whoever holds the book, without an account.</span>
      </p>
      <Dialog open={open} onOpenChange={(next) => !stopping && setOpen(next)}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" className="self-start" aria-describedby={`${id}-hint`}>
            Stop printed codes
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Stop the printed codes?</DialogTitle>
          <DialogDescription>
            Codes already printed for &ldquo;{title}&rdquo; will no longer play it, for anyone. The recording stays in the Family Book, and a book made from now
            on prints a new code.
          </DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={stopping}>
                Keep Codes
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" onClick={stop} disabled={stopping}>
              {stopping ? "Stopping..." : "Stop Codes"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
