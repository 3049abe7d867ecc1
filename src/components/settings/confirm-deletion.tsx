"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";

/** The emailed link's page asks once more before deleting: a link opened by a mail scanner deletes nothing. */
export function ConfirmDeletion({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const result = await apiRequest("/account/delete/confirm", { method: "POST", json: { token } });
    if (!result.ok) {
      setBusy(false);
      setError(result.error);
      return;
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      {error && (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      )}
      <Button type="button" variant="destructive" size="lg" onClick={confirm} disabled={busy} className="self-start">
        {busy ? "Deleting..." : "Delete my account for good"}
      </Button>
    </div>
  );
}
