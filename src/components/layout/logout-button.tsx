"use client";

import { LogOutIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Signs out on the server, and locally even when the server cannot be reached (SPEC §4, §8). */
export function LogoutButton({ onDone, className }: { onDone?: () => void; className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch {
      // The session cookie is cleared below regardless; a failed call must not keep anyone signed in.
    }
    document.cookie = "fb_session=; Max-Age=0; path=/";
    toast.success("Logged out", { description: "You have been successfully logged out." });
    onDone?.();
    router.push("/");
    router.refresh();
    setBusy(false);
  }

  return (
    <Button variant="outline" onClick={logout} disabled={busy} className={className}>
      <LogOutIcon aria-hidden="true" />
      Logout
    </Button>
  );
}
