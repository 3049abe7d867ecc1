"use client";

import { LogOutIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { buttonVariants } from "@/components/ui/button-variants";
import { apiRequest } from "@/lib/api-client";
import { SIGNED_OUT_COOKIE } from "@/lib/cookie-names";

/**
 * Ends the session on the server. If the server cannot be reached the browser still signs out:
 * it marks itself signed out, says so, and the server ends the session the next time this
 * browser gets through to it (any page or API call).
 */
export const OFFLINE_LOGOUT =
  "Family Book could not be reached, so your session is still open there. It will be closed as soon as this device reaches Family Book again.";

export function LogoutButton({ onDone, className }: { onDone?: () => void; className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    const result = await apiRequest("/auth/logout", { method: "POST" });
    if (result.ok) {
      toast.success("Logged out", { description: "You have been successfully logged out." });
    } else {
      document.cookie = `${SIGNED_OUT_COOKIE}=1; Path=/; SameSite=Lax`;
      toast.warning("Logged out on this device", { description: OFFLINE_LOGOUT });
    }
    onDone?.();
    router.push("/");
    router.refresh();
    setBusy(false);
  }

  return (
    <button type="button" onClick={logout} disabled={busy} className={buttonVariants({ variant: "outline", className })}>
      <LogOutIcon aria-hidden="true" />
      Logout
    </button>
  );
}
