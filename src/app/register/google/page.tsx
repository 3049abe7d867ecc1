import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { familyPhrase, INVALID_INVITE, joinFamilyLine } from "@/lib/schemas/invites";
import { getCurrentUser, rememberedInvite } from "@/server/accounts/auth/current-user";
import { googleIdentity } from "@/server/accounts/auth/google-provider";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";

export const metadata: Metadata = { title: "Finish signing up with Google" };

const COMPLETE = "/api/auth/google/complete";

function OwnFamilyForm({ label, variant }: { label: string; variant: "default" | "outline" }) {
  return (
    <form method="post" action={COMPLETE}>
      <input type="hidden" name="choice" value="own-family" />
      <Button type="submit" variant={variant} size="lg" className="w-full">
        {label}
      </Button>
    </form>
  );
}

/**
 * A new Google account that arrived through an invite lands here before anything is created:
 * it says whose family the invite is for and lets the person join it or start their own
 * (docs/decisions/008-invites.md). Nothing happens until one of the buttons is pressed.
 */
export default async function ChooseFamilyPage() {
  if (await getCurrentUser()) redirect("/family-dashboard");
  const identity = (await googleIdentity()) as { user?: { email?: string | null } } | null;
  const email = identity?.user?.email;
  if (!email) redirect("/register?tab=login");

  const code = await rememberedInvite();
  const invite = code ? await findOpenInvite(code) : null;
  const line = invite && { familyName: invite.family_name, invitedBy: invite.invited_by };

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">Finish signing up</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{code ? "Join family group" : "Create your family account"}</CardTitle>
          <CardDescription>{code ? "Register to join an existing family group" : "Register to start preserving your family's memories"}</CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-5">
          <p>
            Signed in with Google as <strong className="break-all">{email}</strong>. Your Family Book account is not created yet.
          </p>
          {invite && line ? (
            <>
              <section aria-labelledby="invite-family" className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
                <p id="invite-family" className="text-lg font-semibold">
                  {joinFamilyLine(line)}
                </p>
                <p className="text-base">
                  Joining makes you a member of this family: you will see what they share, and they will see what you choose to share.
                </p>
              </section>
              <form method="post" action={COMPLETE}>
                <input type="hidden" name="choice" value="join" />
                <input type="hidden" name="invite" value={invite.code} />
                <Button type="submit" size="lg" className="w-full whitespace-normal">
                  Join {familyPhrase(line)}
                </Button>
              </form>
              <OwnFamilyForm label="Create my own family instead" variant="outline" />
            </>
          ) : code ? (
            <>
              <Alert variant="destructive" role="alert">
                <p className="font-semibold">{INVALID_INVITE}</p>
                <p className="mt-1 text-foreground">It may have expired or been replaced by a new link. You can start your own family instead.</p>
              </Alert>
              <OwnFamilyForm label="Create my own family" variant="default" />
              <Link href="/register?tab=login" className={buttonVariants({ variant: "outline", size: "lg" })}>
                Sign in with another account
              </Link>
            </>
          ) : (
            <OwnFamilyForm label="Create my family account" variant="default" />
          )}
        </div>
      </Card>
    </div>
  );
}
