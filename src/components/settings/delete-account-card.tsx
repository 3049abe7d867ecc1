"use client";

import dynamic from "next/dynamic";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyDialogButton } from "@/components/ui/lazy-dialog-button";

// "Delete my account" on Settings (docs/product.md, "Deleting an account"). The dialog (a form, a
// radio group, the dialog code and the rules' words) loads when someone first reaches for the
// button, not with every visit to Settings.
const loadDialog = () => import("./delete-account-dialog").then((module) => module.DeleteAccountDialog);
const DeleteAccountDialog = dynamic(loadDialog, { ssr: false });
const preloadDialog = () => void loadDialog();

export function DeleteAccountCard({ signsInWithGoogle }: { signsInWithGoogle: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Delete my account</CardTitle>
        <CardDescription className="text-base">
          Your account, your private memories and answers, your photos and your email settings are deleted for good. You choose what happens to what you shared with your family.
        </CardDescription>
      </CardHeader>
      <LazyDialogButton
        variant="outline"
        className="self-start text-destructive"
        preload={preloadDialog}
        dialog={DeleteAccountDialog}
        dialogProps={{ signsInWithGoogle }}
      >
        Delete my account
      </LazyDialogButton>
    </Card>
  );
}
