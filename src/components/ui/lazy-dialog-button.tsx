"use client";

import { useCallback, useRef, useState, type ComponentType } from "react";
import { Button, type ButtonProps } from "./button";

/** What a dialog opened by a LazyDialogButton is given besides its own props. */
export type LazyDialogState = { open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: () => void };

type LazyDialogButtonProps<P> = Omit<ButtonProps, "onClick" | "ref"> & {
  /** Starts loading the dialog's code; called when the pointer reaches the button or it takes focus. */
  preload: () => void;
  /** The dialog: a `next/dynamic` component, mounted from the first click on so closing it can animate. */
  dialog: ComponentType<P>;
  /** The dialog's own props, all but the three the button gives it. */
  dialogProps: NoInfer<Omit<P, keyof LazyDialogState>>;
};

// A button that opens a dialog whose code loads when someone first reaches for the button, not
// with the page: preloaded on hover and focus, mounted on the first click, and focus returns to
// the button when the dialog closes.
export function LazyDialogButton<P extends LazyDialogState>({ preload, dialog: Dialog, dialogProps, children, ...buttonProps }: LazyDialogButtonProps<P>) {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const returnFocusTo = useCallback(() => button.current?.focus(), []);
  return (
    <>
      <Button
        {...buttonProps}
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {opened && <Dialog {...({ ...dialogProps, open, onOpenChange: setOpen, returnFocusTo } as P)} />}
    </>
  );
}
