"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { PasswordStrength } from "@/components/auth/password-strength";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { apiRequest } from "@/lib/api-client";
import { showFieldErrors } from "@/lib/form-errors";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import type { PasswordOwner } from "@/lib/passwords/password-rule";
import { GOOGLE_ACCOUNT_PASSWORD, type ChangePasswordInput } from "@/lib/schemas/auth";

// Settings → Change password (docs/product.md §4): the current password, a new one under the
// registration rule with the same live hint, and a message that stays on screen once it is done,
// saying that the member's other devices were signed out. An account that signs in with Google
// has no password to change and is pointed to "Forgot your password?", which sets one.

const HINT = "At least 8 characters. A few words only you would put together are strong and easy to remember.";

export function ChangePasswordCard({ owner, signsInWithGoogle }: { owner: PasswordOwner & { email: string }; signsInWithGoogle: boolean }) {
  return (
    <Card role="region" aria-labelledby="change-password-heading">
      <CardHeader>
        <CardTitle as="h2" id="change-password-heading">
          Change password
        </CardTitle>
        {!signsInWithGoogle && (
          <CardDescription className="text-base">Once it is changed, you stay signed in here and are signed out on your other devices.</CardDescription>
        )}
      </CardHeader>
      {signsInWithGoogle ? (
        <div className="flex flex-col gap-2">
          <p>{GOOGLE_ACCOUNT_PASSWORD}</p>
          <Link
            href={`/forgot-password?${new URLSearchParams({ email: owner.email })}`}
            className="inline-flex min-h-11 items-center self-start rounded-md font-medium text-primary underline underline-offset-4"
          >
            Forgot your password?
          </Link>
        </div>
      ) : (
        <ChangePasswordForm owner={owner} />
      )}
    </Card>
  );
}

function ChangePasswordForm({ owner }: { owner: PasswordOwner & { email: string } }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const resolver = useMemo(
    () => lazyZodResolver<ChangePasswordInput>(() => import("@/lib/schemas/auth").then((rules) => rules.changePasswordFormSchema(owner))),
    [owner],
  );
  const form = useForm<ChangePasswordInput>({ resolver, defaultValues: { current_password: "", new_password: "" } });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "new_password" });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    const result = await apiRequest<{ message: string }>("/auth/password", { method: "PUT", json: values });
    if (!result.ok) {
      if (!showFieldErrors(form.setError, result.fieldErrors, ["current_password", "new_password"])) setFormError(result.error);
      return;
    }
    form.reset();
    setDone(result.data.message);
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Change password" className="flex flex-col gap-4">
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={owner.email} readOnly hidden />
      <FormField id="change-current-password" label="Current password" error={errors.current_password?.message} required>
        {(control) => <PasswordInput {...control} autoComplete="current-password" required {...form.register("current_password")} />}
      </FormField>
      <FormField id="change-new-password" label="New password" hint={HINT} error={errors.new_password?.message} required>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={`${control["aria-describedby"]} change-new-password-strength`}
              autoComplete="new-password"
              required
              {...form.register("new_password")}
            />
            <PasswordStrength id="change-new-password-strength" password={newPassword} owner={owner} />
          </>
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? "Changing..." : "Change password"}
      </Button>
      {/* Always in the page, so that the message is announced when it appears. */}
      <p role="status" className="font-medium">
        {done}
      </p>
    </form>
  );
}
