"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { apiRequest } from "@/lib/api-client";

/**
 * Deletes one of the person's books or exports, after asking: it frees its room in what they may
 * keep (docs/decisions/036-prepared-files.md), and a new one can be made whenever they like.
 */
export function DeletePreparedFileButton({
  path,
  name,
  question,
  explanation,
  onDeleted,
}: {
  /** Under /api: /family-book/books/{id} or /exports/{id}. */
  path: string;
  /** Which one, for those who hear the button rather than see its place: "the book of November 27, 2026". */
  name: string;
  question: string;
  explanation: string;
  /** Without it, the page is read again. */
  onDeleted?: () => void | Promise<void>;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    const result = await apiRequest(path, { method: "DELETE" });
    setDeleting(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    setOpen(false);
    toast.success("Deleted", { description: `${name[0]!.toUpperCase()}${name.slice(1)} has been deleted.` });
    if (onDeleted) await onDeleted();
    else router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="lg" className="text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete<span className="sr-only"> {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{question}</DialogTitle>
        <DialogDescription>{explanation}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={deleting}>
              Keep it
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={deleting}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
