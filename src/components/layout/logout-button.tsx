"use client";

import { LogOutIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { buttonVariants } from "@/components/ui/button-variants";
import { apiRequest } from "@/lib/api-client";
import { SIGNED_OUT_COOKIE } from "@/lib/cookie-names";

/**
 * Ends the session on the server. If the server cannot be reached the browser still signs out
 * (SPEC §4): it marks itself signed out, and the server ignores its session cookie from then on.
 */
export function LogoutButton({ onDone, className }: { onDone?: () => void; className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    const result = await apiRequest("/auth/logout", { method: "POST" });
    if (!result.ok) document.cookie = `${SIGNED_OUT_COOKIE}=1; Path=/; SameSite=Lax`;
    toast.success("Logged out", { description: "You have been successfully logged out." });
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
