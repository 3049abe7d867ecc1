"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { registerShown } from "@/components/forms/register-shown";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { apiRequest } from "@/lib/api-client";
import { passwordResetRequestSchema, type PasswordResetRequestInput } from "@/lib/schemas/auth";

// "Forgot your password?" (docs/product.md §4): an email address in, the same answer out whether
// or not an account uses it. The answer replaces the form and takes the focus, so a screen
// reader reads it at once.

export function ForgotPasswordForm({ initialEmail = "" }: { initialEmail?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const answer = useRef<HTMLDivElement>(null);
  const form = useForm<PasswordResetRequestInput>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: initialEmail } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await apiRequest<{ message: string }>("/auth/password-reset", { json: values });
    if (!result.ok) {
      setFormError(result.error);
      return;
    }
    setSent(result.data.message);
  });

  if (sent) {
    return (
      <div ref={answer} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <h2 className="text-xl font-semibold">Check your email</h2>
        <p>{sent}</p>
        <p className="text-muted-foreground">No email after a few minutes? Check that the address is the one you signed up with, and try again.</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link href="/register">Back to sign in</Link>
          </Button>
          <Button type="button" variant="outline" size="lg" onClick={() => setSent(null)}>
            Try another address
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Forgot your password">
      <p>Type the email address you signed up with. We will email you a link to choose a new password.</p>
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      <FormField id="forgot-email" label="Email" hint="The address you use to sign in to Family Book." error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="email" required {...registerShown(form, "email")} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Email me a link"}
      </Button>
      <Link href="/register" className="self-start rounded-md py-2 font-medium text-primary underline underline-offset-4">
        Back to sign in
      </Link>
    </form>
  );
}
