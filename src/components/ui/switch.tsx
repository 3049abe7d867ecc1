"use client";

import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

// 44 px tall hit area around a 28 px track; the thumb's position and an inner tick mark the state,
// so it does not rely on colour alone.
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        "peer relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
        "before:absolute before:-inset-2 before:content-['']",
        "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none flex size-6 items-center justify-center rounded-full bg-card shadow-md transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 data-[state=checked]:after:content-['✓'] after:text-xs after:font-bold after:text-primary" />
    </SwitchPrimitive.Root>
  );
}
