"use client";

import { clsx } from "clsx";
import type { ComponentProps } from "react";

type SwitchProps = Omit<ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

// The browser's own checkbox in the switch role: labels, keyboard (Space) and the checked and
// disabled states come with it, no script needed. The invisible input covers a 44 px hit area
// around the 28 px track; the thumb's position and a tick mark show the state, not colour alone.
export function Switch({ className, checked, onCheckedChange, ...props }: SwitchProps) {
  return (
    <span data-slot="switch" className={clsx("relative inline-flex h-7 w-12 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className="peer absolute -inset-2 z-10 m-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 rounded-full border-2 border-transparent bg-input transition-colors peer-checked:bg-primary peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-60"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 flex size-6 items-center justify-center rounded-full bg-card shadow-md transition-transform after:text-xs after:font-bold after:text-primary peer-checked:translate-x-5 peer-checked:after:content-['✓'] peer-disabled:opacity-80"
      />
    </span>
  );
}
