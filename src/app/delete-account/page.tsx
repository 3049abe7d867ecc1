import type { Metadata } from "next";
import { ConfirmDeletion } from "@/components/settings/confirm-deletion";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DELETE_LINK_INVALID } from "@/lib/schemas/family-circle";
import { readDeletionToken } from "@/server/accounts/deletion/delete-account";
import { now } from "@/server/platform/clock";

// Where the emailed confirmation of an account without a password leads (docs/product.md, "Deleting an account").

export const metadata: Metadata = { title: "Delete my account", referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DeleteAccountPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const valid = typeof token === "string" && readDeletionToken(token, now()) !== null;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Delete my account</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{valid ? "Delete your account?" : "This link cannot be used"}</CardTitle>
          <CardDescription className="text-base text-foreground">
            {valid ? "Your account and what you chose to remove are deleted for good. This cannot be undone." : DELETE_LINK_INVALID}
          </CardDescription>
        </CardHeader>
        {valid && <ConfirmDeletion token={token} />}
      </Card>
    </div>
  );
}
