import type { Metadata } from "next";
import Link from "next/link";
import { UnsubscribeConfirmation } from "@/components/settings/unsubscribe-confirmation";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { findUnsubscribeSubject, INVALID_UNSUBSCRIBE_LINK } from "@/server/accounts/email-preferences/unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe", referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const subject = typeof token === "string" ? await findUnsubscribeSubject(token) : null;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Email settings</h1>
      {subject && typeof token === "string" ? (
        <UnsubscribeConfirmation token={token} kind={subject.kind} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">This link cannot be used</CardTitle>
            <CardDescription className="text-base text-foreground">{INVALID_UNSUBSCRIBE_LINK}</CardDescription>
          </CardHeader>
          <div>
            <Button asChild size="lg">
              <Link href="/settings">Change your email settings</Link>
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
