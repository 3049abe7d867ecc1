"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { PasswordStrength } from "@/components/auth/password-strength";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { registerShown } from "@/components/forms/register-shown";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiRequest } from "@/lib/api-client";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import type { LoginInput, RegisterInput } from "@/lib/schemas/auth";
import { InviteNotice, type InviteAtOpen } from "./invite-notice";
import { registrationFailureMessage } from "./registration-failure";

export type AuthTab = "login" | "register";

const DASHBOARD = "/family-dashboard";

function GoogleButton({ mode, enabled, next }: { mode: "sign-in" | "sign-up"; enabled: boolean; next?: string }) {
  const label = mode === "sign-in" ? "Sign in with Google" : "Sign up with Google";
  function start() {
    if (enabled) {
      const complete = next ? `/api/auth/google/complete?${new URLSearchParams({ next })}` : "/api/auth/google/complete";
      // Auth.js's client loads when it is used, not with the page.
      void import("next-auth/react").then(({ signIn }) => signIn("google", { redirectTo: complete }));
      return;
    }
    toast.error("Not implemented", {
      description: `Google ${mode} is not yet implemented with the new API.`,
    });
  }
  return (
    <Button type="button" variant="outline" size="lg" className="w-full" onClick={start}>
      {label}
    </Button>
  );
}

/** "Forgot your password?", carrying the address typed on the Login tab (docs/product.md §2, Register). */
function forgotPasswordHref(email: string | undefined) {
  const typed = email?.trim() ?? "";
  return typed ? `/forgot-password?${new URLSearchParams({ email: typed })}` : "/forgot-password";
}

function LoginForm({ googleEnabled, next }: { googleEnabled: boolean; next?: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver<LoginInput>(() => import("@/lib/schemas/auth").then((rules) => rules.loginSchema)),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: "email" });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await apiRequest("/auth/login", { json: values });
    if (!result.ok) {
      const message = result.status === 401 ? "Invalid email or password. Please try again." : result.error || "Login failed";
      setFormError(message);
      toast.error("Login failed", { description: message });
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    router.push(next ?? DASHBOARD);
    router.refresh();
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Login">
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      <FormField id="login-email" label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="email" required {...registerShown(form, "email")} />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message} required>
        {(control) => <PasswordInput {...control} autoComplete="current-password" required {...registerShown(form, "password")} />}
      </FormField>
      {/* The address typed here goes along, so it need not be typed twice; a failed sign-in's
          toast stays behind, since that page is not about it. */}
      <Link
        href={forgotPasswordHref(email)}
        onClick={() => toast.dismiss()}
        className="-mt-2 inline-flex min-h-11 items-center self-start rounded-md font-medium text-primary underline underline-offset-4"
      >
        Forgot your password?
      </Link>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
      <GoogleButton mode="sign-in" enabled={googleEnabled} next={next} />
    </form>
  );
}

type RegisterFormProps = {
  inviteCode?: string;
  /** An invitation by email fills in the name and address it was sent to; both can be changed. */
  invited?: { firstName: string; email: string };
  onInviteRefused: () => void;
  googleEnabled: boolean;
  /** The page that asked for an account, to go back to once it exists. */
  next?: string;
};

function RegisterForm({ inviteCode, invited, onInviteRefused, googleEnabled, next }: RegisterFormProps) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: lazyZodResolver<RegisterInput>(() => import("@/lib/schemas/auth").then((rules) => rules.registerSchema)),
    defaultValues: { first_name: invited?.firstName ?? "", last_name: "", email: invited?.email ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [password, firstName, lastName, email] = useWatch({ control: form.control, name: ["password", "first_name", "last_name", "email"] });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await apiRequest("/auth/register", { json: { ...values, family_id: inviteCode } });
    if (!result.ok) {
      // Replaced, closed or expired since the page opened: say so the way the page would have.
      if (result.fieldErrors?.family_id) onInviteRefused();
      const message = registrationFailureMessage(result);
      setFormError(message);
      toast.error("Registration failed", { description: message });
      return;
    }
    toast.success("Welcome!", { description: "Your account has been created successfully." });
    router.push(next ?? DASHBOARD);
    router.refresh();
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Register">
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.first_name?.message} required>
          {(control) => <Input {...control} autoComplete="given-name" required {...registerShown(form, "first_name")} />}
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.last_name?.message} required>
          {(control) => <Input {...control} autoComplete="family-name" required {...registerShown(form, "last_name")} />}
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="email" required {...registerShown(form, "email")} />}
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        hint="At least 8 characters. A few words only you would put together are strong and easy to remember."
        error={errors.password?.message}
        required
      >
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={`${control["aria-describedby"]} register-password-strength`}
              autoComplete="new-password"
              required
              {...registerShown(form, "password")}
            />
            <PasswordStrength id="register-password-strength" password={password} owner={{ first_name: firstName, last_name: lastName, email }} />
          </>
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Register"}
      </Button>
      <GoogleButton mode="sign-up" enabled={googleEnabled} next={next} />
    </form>
  );
}

type AuthFormsProps = {
  initialTab: AuthTab;
  invite?: InviteAtOpen;
  googleEnabled: boolean;
  /** A same-site path (already checked by safeNextPath) to open after signing in or registering. */
  next?: string;
};

export function AuthForms({ initialTab, invite: initialInvite, googleEnabled, next }: AuthFormsProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  // An invite is only ever used as shown here, and the person may set it aside (docs/decisions/008-invites.md).
  const [invite, setInvite] = useState(initialInvite);
  const [declined, setDeclined] = useState(false);
  const joining = invite !== undefined;

  function declineInvite() {
    setInvite(undefined);
    setDeclined(true);
  }

  // The button pressed to decline is gone: the focus goes to the form, now for a family of one's own.
  useEffect(() => {
    if (declined) document.getElementById("register-first-name")?.focus();
  }, [declined]);

  function changeTab(next: string) {
    const value: AuthTab = next === "register" ? "register" : "login";
    setTab(value);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", value);
    window.history.replaceState(null, "", url);
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">{tab === "login" ? "Sign in" : "Register"}</h1>
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="Sign in or register">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Welcome back</CardTitle>
              <CardDescription>Sign in to see your family&apos;s memories.</CardDescription>
            </CardHeader>
            <LoginForm googleEnabled={googleEnabled} next={next} />
          </Card>
        </TabsContent>
        <TabsContent value="register">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{joining ? "Join family group" : "Create your family account"}</CardTitle>
              <CardDescription>{joining ? "Register to join an existing family group" : "Register to start preserving your family's memories"}</CardDescription>
            </CardHeader>
            {invite && <InviteNotice invite={invite} onDeclined={declineInvite} onSignIn={() => changeTab("login")} />}
            {declined && <p role="status">The invite was set aside: registering starts your own family.</p>}
            {invite?.status !== "refused" && (
              <RegisterForm
                inviteCode={invite?.code}
                invited={invite?.status === "open" ? invite.invitation : undefined}
                onInviteRefused={() => setInvite({ status: "refused" })}
                googleEnabled={googleEnabled}
                next={next}
              />
            )}
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
