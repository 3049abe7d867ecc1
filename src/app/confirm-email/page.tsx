import type { Metadata } from "next";
import { ConfirmEmail } from "@/components/account/confirm-email";

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where a confirmation email links to (docs/decisions/017-verified-addresses.md). The page confirms
 * from the browser, not while it is rendered, so a mail program that opens links to check them
 * does not confirm an address on the person's behalf.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Confirm your email address</h1>
      <ConfirmEmail token={typeof token === "string" ? token : ""} />
    </div>
  );
}
