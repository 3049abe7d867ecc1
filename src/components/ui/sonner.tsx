"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

// Plain, high-contrast toasts: the icon and the title carry the meaning, not the colour.
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-card-foreground !border-border !shadow-lg",
          title: "!text-base !font-semibold",
          description: "!text-sm !text-muted-foreground",
          error: "!border-destructive/60",
          closeButton: "!bg-card !text-card-foreground !border-border",
        },
      }}
      {...props}
    />
  );
}
