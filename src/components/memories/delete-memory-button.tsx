"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest } from "@/lib/api-client";

/** Deleting asks first: the memory and its photos cannot be brought back. */
export function DeleteMemoryButton({ memoryId, title }: { memoryId: string; title: string }) {
  const router = useRouter();

  async function confirm() {
    const result = await apiRequest(`/memories/${memoryId}`, { method: "DELETE" });
    if (!result.ok) {
      toast.error("Error", { description: "Failed to delete memory" });
      return false;
    }
    toast.success("Memory deleted", { description: "Your memory and its photos have been deleted." });
    router.push("/memories");
    router.refresh();
    return true;
  }

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" className="text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete Memory
        </Button>
      }
      title="Delete this memory?"
      description={<>&ldquo;{title}&rdquo; and its photos will be deleted for good. Your family will no longer see it.</>}
      keepLabel="Keep Memory"
      confirmLabel="Delete Memory"
      workingLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
