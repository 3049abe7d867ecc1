"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyDialogButton } from "@/components/ui/lazy-dialog-button";

// "Delete my account" on Settings (docs/product.md, "Deleting an account"). The dialog (a form, a
// radio group, the dialog code and the rules' words) loads when someone first reaches for the
// button, not with every visit to Settings.
const loadDialog = () => import("./delete-account-dialog").then((module) => module.DeleteAccountDialog);
const DeleteAccountDialog = dynamic(loadDialog, { ssr: false });
const preloadDialog = () => void loadDialog();

/**
 * `blocker`: what keeps the person from deleting now (the family's only admin), said at once rather
 * than after they have chosen and typed their password.
 */
export function DeleteAccountCard({ signsInWithGoogle, blocker }: { signsInWithGoogle: boolean; blocker: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Delete my account</CardTitle>
        <CardDescription className="text-base">
          Your account, your private memories and answers, your photos and your email settings are deleted for good. What you shared with your family stays in
          the Family Book unless you choose otherwise, and what your relatives wrote stays theirs.
        </CardDescription>
      </CardHeader>
      {blocker ? (
        <Alert className="flex flex-col gap-3 text-base">
          <p>{blocker}</p>
          <Link
            href="/family-dashboard#members-title"
            className="inline-flex min-h-11 items-center self-start font-medium text-primary underline underline-offset-4"
          >
            Go to the Family Dashboard
          </Link>
        </Alert>
      ) : (
        <LazyDialogButton
          variant="outline"
          className="self-start text-destructive"
          preload={preloadDialog}
          dialog={DeleteAccountDialog}
          dialogProps={{ signsInWithGoogle }}
        >
          Delete my account
        </LazyDialogButton>
      )}
    </Card>
  );
}
