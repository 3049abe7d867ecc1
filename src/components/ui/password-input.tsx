"use client";

import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

// A password field with a "Show password" button (docs/product.md §1): a password typed on a phone
// is easy to get wrong unseen. The button is a toggle whose name stays "Show password" while
// aria-pressed says whether the password is shown (a toggle's name must not change with its state,
// or a screen reader would announce "Hide password, pressed"); the eye, crossed out when shown,
// tells the same by its shape. It sits beside the field, a 44 px target of its own: one laid over
// the field's edge overlapped the field's own target.
// The password is hidden again when its form is sent, so a password manager or a shared screen
// never finds it left in plain text.

export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [shown, setShown] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const form = wrapper.current?.closest("form");
    if (!form) return;
    const hide = () => setShown(false);
    form.addEventListener("submit", hide);
    return () => form.removeEventListener("submit", hide);
  }, []);

  return (
    <div ref={wrapper} className="flex items-stretch gap-2">
      <Input {...props} id={id} type={shown ? "text" : "password"} className={cn("min-w-0 flex-1", className)} />
      <button
        type="button"
        aria-pressed={shown}
        aria-controls={id}
        title="Show password"
        onClick={() => setShown((current) => !current)}
        className={cn(
          "inline-flex min-h-11 w-11 shrink-0 items-center justify-center rounded-md border border-input bg-card text-foreground hover:bg-accent aria-pressed:bg-accent",
          "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
        )}
      >
        {shown ? <EyeOffIcon aria-hidden="true" className="size-5" /> : <EyeIcon aria-hidden="true" className="size-5" />}
        <span className="sr-only">Show password</span>
      </button>
    </div>
  );
}
