import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForms } from "@/components/auth/auth-forms";
import type { InviteAtOpen } from "@/components/auth/invite-notice";
import { safeNextPath } from "@/lib/next-path";
import { getCurrentUser, rememberedInvite } from "@/server/accounts/auth/current-user";
import { googleSignInEnabled } from "@/server/accounts/auth/google-provider";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";

export const metadata: Metadata = { title: "Sign in or register" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Where the page that asked for a sign-in wants the person back (docs/decisions/018-first-visit.md).
  const next = safeNextPath(params.next) ?? undefined;
  if (await getCurrentUser()) redirect(next ?? "/family-dashboard");
  const fromLink = typeof params.familyId === "string" ? params.familyId : undefined;
  // docs/product.md: tab=register opens Register, anything else Login. An invite link without a
  // tab opens Register, since the relative who follows it has no account yet (docs/decisions/003).
  const tab = params.tab === "register" || (fromLink !== undefined && params.tab === undefined) ? "register" : "login";
  // The link's invite, else one remembered from a link opened on another page. Either way it is
  // checked now and shown before anything is filled in (docs/decisions/008-invites.md).
  const code = fromLink || (await rememberedInvite());
  let invite: InviteAtOpen | undefined;
  if (code) {
    const open = await findOpenInvite(code);
    invite = open
      ? {
          status: "open",
          code: open.code,
          familyName: open.family_name,
          invitedBy: open.invited_by,
          invitation: open.invitation
            ? { firstName: open.invitation.first_name, email: open.invitation.email, hasAccount: open.invitation.has_account }
            : undefined,
        }
      : { status: "refused" };
  }
  return <AuthForms initialTab={tab} invite={invite} googleEnabled={googleSignInEnabled()} next={next} />;
}
