"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { apiRequest } from "@/lib/api-client";

/** Deleting asks first: the memory and its photos cannot be brought back. */
export function DeleteMemoryButton({ memoryId, title }: { memoryId: string; title: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    const result = await apiRequest(`/memories/${memoryId}`, { method: "DELETE" });
    if (!result.ok) {
      setDeleting(false);
      toast.error("Error", { description: "Failed to delete memory" });
      return;
    }
    setOpen(false);
    toast.success("Memory deleted", { description: "Your memory and its photos have been deleted." });
    router.push("/memories");
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete Memory
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete this memory?</DialogTitle>
        <DialogDescription>&ldquo;{title}&rdquo; and its photos will be deleted for good. Your family will no longer see it.</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={deleting}>
              Keep Memory
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={deleting}>
            {deleting ? "Deleting..." : "Delete Memory"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
