"use client";

import { MailIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { keepDraft, takeDraft, type Kept } from "@/components/forms/signed-out-draft";
import { DraftRestoredNotice, SignedOutNotice } from "@/components/forms/signed-out-notice";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { formatLongDate } from "@/lib/dates";
import { showFieldErrors } from "@/lib/form-errors";
import { INVITATION_NOTE_MAX } from "@/lib/invite-words";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { fullName } from "@/lib/people";
import type { NewInvitationInput } from "@/lib/schemas/invitations";
import type { InvitationDto } from "@/server/family/email-invitations/invitation-dto";

// Invite a relative by email from the dashboard (docs/decisions/016-invitations-by-email.md):
// first name, email and an optional note; the family's waiting invitations below, with Resend
// and Revoke for whoever sent each one and for the admins.

const day = (instant: string) => formatLongDate(instant.slice(0, 10));

const DRAFT_KEY = "invitation:new";

function InvitationForm({ afterSend, viewerId }: { afterSend: () => void; viewerId: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState<Kept | null>(null);
  const [restored, setRestored] = useState(false);
  const form = useForm<NewInvitationInput>({
    resolver: lazyZodResolver<NewInvitationInput>(() => import("@/lib/schemas/invitations").then((rules) => rules.newInvitationSchema)),
    defaultValues: { first_name: "", email: "", note: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // An invitation kept when the session ended comes back once its sender has signed in again.
  const { reset } = form;
  useEffect(() => {
    let cancelled = false;
    void takeDraft<NewInvitationInput>(DRAFT_KEY, viewerId).then((draft) => {
      if (!draft || cancelled) return;
      reset(draft.values, { keepDefaultValues: true });
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [viewerId, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSignedOut(null);
    const result = await apiRequest<{ invitation: InvitationDto }>("/family/invitations", { json: values });
    if (!result.ok && result.status === 401) {
      setSignedOut(await keepDraft(DRAFT_KEY, viewerId, values));
      return;
    }
    if (!result.ok) {
      if (!showFieldErrors(form.setError, result.fieldErrors, ["first_name", "email", "note"])) setFormError(result.error);
      return;
    }
    toast.success("Invitation sent", { description: `${result.data.invitation.first_name} will get an email with a link to join.` });
    setRestored(false);
    form.reset();
    afterSend();
    router.refresh();
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Invite by email" className="flex flex-col gap-4">
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      {signedOut && <SignedOutNotice action="send your invitation" kept={signedOut} />}
      {restored && !signedOut && <DraftRestoredNotice save="Send invitation" />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="invitation-first-name" label="First name" error={errors.first_name?.message} required>
          {(control) => <Input {...control} autoComplete="off" required {...form.register("first_name")} />}
        </FormField>
        <FormField id="invitation-email" label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} type="email" autoComplete="off" required {...form.register("email")} />}
        </FormField>
      </div>
      <FormField
        id="invitation-note"
        label="Personal note (optional)"
        hint={`A few words from you, shown in the email. Up to ${INVITATION_NOTE_MAX} characters.`}
        error={errors.note?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register("note")} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <MailIcon aria-hidden="true" />
        {isSubmitting ? "Sending..." : "Send invitation"}
      </Button>
    </form>
  );
}

function RevokeButton({ invitation, afterRevoke }: { invitation: InvitationDto; afterRevoke: () => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await apiRequest(`/family/invitations/${invitation.id}`, { method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    setOpen(false);
    toast.success("Invitation revoked", { description: `The link sent to ${invitation.email} no longer works.` });
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="text-destructive" aria-label={`Revoke the invitation to ${invitation.first_name}`}>
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The invitation leaves the list: the focus goes back to the form rather than the page.
          if (!open) {
            event.preventDefault();
            afterRevoke();
          }
        }}
      >
        <DialogTitle>Revoke the invitation to {invitation.first_name}?</DialogTitle>
        <DialogDescription>The link in the email to {invitation.email} stops working at once. You can invite them again later.</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Keep invitation
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={busy}>
            {busy ? "Revoking..." : "Revoke invitation"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function InvitationRow({ invitation, afterRevoke }: { invitation: InvitationDto; afterRevoke: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const sender = invitation.invited_by ? fullName(invitation.invited_by) : "a former member";

  async function resend() {
    setBusy(true);
    const result = await apiRequest(`/family/invitations/${invitation.id}/resend`, { method: "POST" });
    setBusy(false);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    toast.success("Invitation sent again", { description: `A new link went to ${invitation.email}. The old one no longer works.` });
    router.refresh();
  }

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">
          {invitation.first_name} <span className="font-normal break-all">({invitation.email})</span>
        </p>
        <p className="text-muted-foreground">
          {invitation.status === "expired" ? <Badge variant="outline">Expired</Badge> : <Badge variant="secondary">Waiting</Badge>} Sent by {sender} on{" "}
          {day(invitation.sent_at)}
          {invitation.status === "pending" ? `, works until ${day(invitation.expires_at)}` : ""}.
        </p>
      </div>
      {invitation.can_manage && (
        <div className="flex shrink-0 gap-3">
          <Button type="button" variant="outline" onClick={resend} disabled={busy} aria-label={`Resend the invitation to ${invitation.first_name}`}>
            {busy ? "Sending..." : "Resend"}
          </Button>
          <RevokeButton invitation={invitation} afterRevoke={afterRevoke} />
        </div>
      )}
    </li>
  );
}

export function InviteByEmailCard({ invitations, viewerId }: { invitations: InvitationDto[]; viewerId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusForm = () => document.getElementById("invitation-first-name")?.focus();

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="invite-by-email" className="scroll-mt-24">
          Invite by email
        </CardTitle>
        <CardDescription>We email your relative a personal link. When they register through it, they join your family.</CardDescription>
      </CardHeader>
      <InvitationForm afterSend={focusForm} viewerId={viewerId} />
      <section aria-labelledby="waiting-invitations" className="flex flex-col gap-3">
        <h3 id="waiting-invitations" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Waiting invitations
        </h3>
        {invitations.length === 0 ? (
          <p className="text-muted-foreground">Nobody is waiting: invitations that were accepted or revoked leave this list.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} afterRevoke={() => headingRef.current?.focus()} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
