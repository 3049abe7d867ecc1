"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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

  async function confirm() {
    const result = await apiRequest(path, { method: "DELETE" });
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return false;
    }
    toast.success("Deleted", { description: `${name[0]!.toUpperCase()}${name.slice(1)} has been deleted.` });
    if (onDeleted) await onDeleted();
    else router.refresh();
    return true;
  }

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="lg" className="text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete<span className="sr-only"> {name}</span>
        </Button>
      }
      title={question}
      description={explanation}
      keepLabel="Keep it"
      confirmLabel="Delete"
      workingLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
