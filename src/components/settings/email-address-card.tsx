"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { apiRequest } from "@/lib/api-client";
import { GOOGLE_ACCOUNT_EMAIL } from "@/lib/email-preferences";
import { showFieldErrors } from "@/lib/form-errors";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import type { ChangeEmailInput } from "@/lib/schemas/email-address";

// The account's address on Settings (docs/decisions/017-verified-addresses.md): whether it is
// confirmed, and a form to change it, which asks for the password and sends a new link.

export function EmailAddressCard({ email, confirmed, signsInWithGoogle }: { email: string; confirmed: boolean; signsInWithGoogle: boolean }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({
    resolver: lazyZodResolver<ChangeEmailInput>(() => import("@/lib/schemas/email-address").then((rules) => rules.changeEmailSchema)),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await apiRequest<{ email: string; message: string }>("/auth/email", { method: "PUT", json: values });
    if (!result.ok) {
      if (!showFieldErrors(form.setError, result.fieldErrors, ["email", "password"])) setFormError(result.error);
      return;
    }
    toast.success("Email address changed", { description: result.data.message });
    form.reset();
    router.refresh();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Email address</CardTitle>
        <CardDescription className="text-base [overflow-wrap:anywhere]">
          {email} — {confirmed ? "confirmed." : "not confirmed yet: open the link we sent to it."}
        </CardDescription>
      </CardHeader>
      {signsInWithGoogle ? (
        <p>{GOOGLE_ACCOUNT_EMAIL}</p>
      ) : (
        <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Change email address" className="flex flex-col gap-4">
          {formError && (
            <Alert variant="destructive" role="alert">
              {formError}
            </Alert>
          )}
          <FormField
            id="new-email"
            label="New email address"
            hint="We send a link to it; until you open it, the address is not confirmed."
            error={errors.email?.message}
            required
          >
            {(control) => <Input {...control} type="email" autoComplete="email" required {...form.register("email")} />}
          </FormField>
          <FormField id="current-password" label="Your password" error={errors.password?.message} required>
            {(control) => <PasswordInput {...control} autoComplete="current-password" required {...form.register("password")} />}
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? "Changing..." : "Change email address"}
          </Button>
        </form>
      )}
    </Card>
  );
}
