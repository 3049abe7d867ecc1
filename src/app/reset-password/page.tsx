import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { findUsablePasswordReset } from "@/server/accounts/auth/find-password-reset";
import { AppError } from "@/server/platform/http/app-error";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page a reset email links to. A link that cannot be used says why before anything is typed. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  let reset: Awaited<ReturnType<typeof findUsablePasswordReset>> | null = null;
  let refusal: string | null = null;
  try {
    reset = await findUsablePasswordReset(typeof token === "string" ? token : "");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = error.message;
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Choose a new password</h1>
      {reset && typeof token === "string" ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Hello {reset.user.first_name}</CardTitle>
            <CardDescription className="text-base [overflow-wrap:anywhere]">
              Choose a new password for {reset.user.email}. Once it is saved, you are signed in here and signed out everywhere else.
            </CardDescription>
          </CardHeader>
          <ResetPasswordForm token={token} owner={{ first_name: reset.user.first_name, last_name: reset.user.last_name, email: reset.user.email }} />
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">This link cannot be used</CardTitle>
            <CardDescription className="text-base text-foreground">{refusal}</CardDescription>
          </CardHeader>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/forgot-password">Ask for a new link</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/register">Back to sign in</Link>
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
