"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { PasswordStrength } from "@/components/auth/password-strength";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { apiRequest } from "@/lib/api-client";
import type { PasswordOwner } from "@/lib/passwords/password-rule";
import { passwordResetFormSchema, type PasswordResetConfirmInput } from "@/lib/schemas/auth";

// Choosing a new password through a reset link (docs/product.md §4). The same password rule as
// registration, with the same live hint; success signs the person in and opens the dashboard.
// A link that stopped working meanwhile (used in another tab) says so and offers a new one.

export function ResetPasswordForm({ token, owner }: { token: string; owner: PasswordOwner }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const schema = useMemo(() => passwordResetFormSchema(owner), [owner]);
  const form = useForm<PasswordResetConfirmInput>({ resolver: zodResolver(schema), defaultValues: { token, password: "" } });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await apiRequest("/auth/password-reset/confirm", { json: values });
    if (!result.ok) {
      if (result.fieldErrors?.password) {
        form.setError("password", { message: result.fieldErrors.password[0] });
        return;
      }
      setLinkRefused(Boolean(result.fieldErrors?.token));
      setFormError(result.error);
      return;
    }
    toast.success("Password changed", { description: "You are signed in with your new password." });
    router.push("/family-dashboard");
    router.refresh();
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Choose a new password">
      {formError && (
        <Alert variant="destructive" role="alert" className="flex flex-col gap-2">
          <p>{formError}</p>
          {linkRefused && (
            <Link href="/forgot-password" className="font-semibold underline underline-offset-4">
              Ask for a new link
            </Link>
          )}
        </Alert>
      )}
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={typeof owner.email === "string" ? owner.email : ""} readOnly hidden />
      <FormField
        id="reset-password"
        label="New password"
        hint="At least 8 characters. A few words only you would put together are strong and easy to remember."
        error={errors.password?.message}
        required
      >
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={`${control["aria-describedby"]} reset-password-strength`}
              autoComplete="new-password"
              required
              {...form.register("password")}
            />
            <PasswordStrength id="reset-password-strength" password={password} owner={owner} />
          </>
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}
