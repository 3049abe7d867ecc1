"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { apiRequest } from "@/lib/api-client";
import { GOOGLE_ACCOUNT_DELETE, type KeepChoice } from "@/lib/schemas/family-circle";

// The "Delete my account" dialog (docs/product.md, "Deleting an account"): the person chooses
// what happens to what they shared, and confirms with their password (or, for an account that
// signs in with Google, by a link we email). Loaded when first asked for (delete-account-card.tsx).

// Leaving what was shared to the family comes first and is chosen to begin with: a family's stories
// should not vanish from everyone's book because one person left (docs/decisions/024-leaving-and-the-circle.md).
const CHOICES: { value: KeepChoice; label: string; hint: string }[] = [
  { value: "shared_with_name", label: "Leave what I shared, with my name", hint: "Your shared memories and answers stay in the Family Book under your name." },
  {
    value: "shared_as_former_member",
    label: "Leave what I shared, as “A former member”",
    hint: "Your shared memories and answers stay in the Family Book, without your name.",
  },
  { value: "nothing", label: "Delete everything", hint: "Your shared memories and answers leave everyone's Family Book too." },
];

export type DeleteAccountDialogProps = {
  signsInWithGoogle: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to when the dialog closes: the button that opened it. */
  returnFocusTo: () => void;
};

export function DeleteAccountDialog({ signsInWithGoogle, open, onOpenChange: setOpen, returnFocusTo }: DeleteAccountDialogProps) {
  const [keep, setKeep] = useState<KeepChoice>("shared_with_name");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setPasswordError(null);
    if (!signsInWithGoogle && !password) {
      setPasswordError("Password is required");
      return;
    }
    setBusy(true);
    const result = await apiRequest<{ deleted: boolean }>("/account/delete", { method: "POST", json: signsInWithGoogle ? { keep } : { keep, password } });
    setBusy(false);
    if (!result.ok) {
      if (result.fieldErrors?.password) setPasswordError(result.fieldErrors.password[0] ?? result.error);
      else setError(result.error);
      return;
    }
    if (!result.data.deleted) {
      setOpen(false);
      toast.success("Check your email", { description: GOOGLE_ACCOUNT_DELETE });
      return;
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo();
        }}
      >
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone. Nothing of your account can be brought back afterwards.</DialogDescription>
        <p className="text-base">
          Keep a copy first: your memories, photos and answers in one file.{" "}
          <Link href="/settings/data" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
            Export my data first
          </Link>
        </p>
        <form onSubmit={confirm} noValidate aria-label="Delete my account" className="flex flex-col gap-4">
          {error && (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">What happens to what you shared?</legend>
            <RadioGroup value={keep} onValueChange={(next) => setKeep(next as KeepChoice)} className="gap-1">
              {CHOICES.map((choice) => (
                <div key={choice.value} className="flex min-h-11 items-start gap-3 py-1">
                  <RadioGroupItem value={choice.value} id={`keep-${choice.value}`} aria-describedby={`keep-${choice.value}-hint`} className="mt-0.5" />
                  <div className="flex flex-col">
                    <Label htmlFor={`keep-${choice.value}`} className="font-normal">
                      {choice.label}
                    </Label>
                    <span id={`keep-${choice.value}-hint`} className="text-muted-foreground">
                      {choice.hint}
                    </span>
                  </div>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          {signsInWithGoogle ? (
            <p>Your account signs in with Google, so we email you a link to confirm.</p>
          ) : (
            <FormField id="delete-password" label="Your password" error={passwordError ?? undefined} required>
              {(control) => (
                <PasswordInput {...control} autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
            </FormField>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Keep my account
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : signsInWithGoogle ? "Email me the link" : "Delete my account for good"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
