"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

// Plain, high-contrast toasts: the icon and the title carry the meaning, not the colour.
// They appear at the bottom of the screen (across its width on a phone, in the corner on a larger
// one), where they never cover the header or the page's title, and one at a time: a new message
// takes the place of the one before instead of stacking over the page (docs/product.md §4).
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      closeButton
      offset={{ bottom: 24, right: 24 }}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
      toastOptions={{
        classNames: {
          // Room on the right for the close button, so it never covers the words.
          toast: "!bg-card !text-card-foreground !border-border !shadow-lg !pr-14",
          title: "!text-base !font-semibold",
          description: "!text-base !text-muted-foreground",
          error: "!border-destructive/60",
          // A 44 px target for fingers, inside the toast's top right corner rather than astride its edge.
          closeButton: "!bg-card !text-card-foreground !border-border !size-11 !rounded-md !left-auto !right-1.5 !top-1.5 !transform-none [&>svg]:!size-5",
        },
      }}
      {...props}
    />
  );
}
