"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

// "Delete my account" on Settings (docs/product.md, "Deleting an account"). The dialog (a form, a
// radio group, the dialog code and the rules' words) loads when someone first reaches for the
// button, not with every visit to Settings.
const loadDialog = () => import("./delete-account-dialog").then((module) => module.DeleteAccountDialog);
const DeleteAccountDialog = dynamic(loadDialog, { ssr: false });
const preloadDialog = () => void loadDialog();

export function DeleteAccountCard({ signsInWithGoogle }: { signsInWithGoogle: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Delete my account</CardTitle>
        <CardDescription className="text-base">
          Your account, your private memories and answers, your photos and your email settings are deleted for good. You choose what happens to what you shared with your family.
        </CardDescription>
      </CardHeader>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className="self-start text-destructive"
        aria-haspopup="dialog"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Delete my account
      </Button>
      {opened && <DeleteAccountDialog signsInWithGoogle={signsInWithGoogle} open={open} onOpenChange={setOpen} returnFocusTo={() => button.current?.focus()} />}
    </Card>
  );
}
