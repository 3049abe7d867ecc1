import { Loader2Icon } from "lucide-react";
import { cn } from "@/lib/cn";

export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 py-10 text-muted-foreground", className)}>
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
