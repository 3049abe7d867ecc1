import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Alert({ className, variant = "default", ...props }: ComponentProps<"div"> & { variant?: "default" | "destructive" }) {
  return (
    <div
      data-slot="alert"
      className={cn("rounded-lg border p-4", variant === "destructive" ? "border-destructive/50 bg-destructive/5 text-destructive" : "bg-card", className)}
      {...props}
    />
  );
}
