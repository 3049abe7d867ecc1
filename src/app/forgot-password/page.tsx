import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Forgot your password?" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The longest address the form takes (emailField); anything longer is not an address someone typed. */
const MAX_EMAIL_LENGTH = 254;

// `email` is the address typed on the Login tab before "Forgot your password?" was followed
// (docs/product.md §2, Register): the field starts with it, in the server's HTML already.
export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { email } = await searchParams;
  const initialEmail = typeof email === "string" && email.length <= MAX_EMAIL_LENGTH ? email.trim() : "";
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Forgot your password?</h1>
      <Card>
        <ForgotPasswordForm initialEmail={initialEmail} />
      </Card>
    </div>
  );
}
