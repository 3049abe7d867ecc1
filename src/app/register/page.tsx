import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForms } from "@/components/auth/auth-forms";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { getCurrentUser, rememberedInvite } from "@/server/auth/current-user";
import { googleSignInEnabled } from "@/server/auth/google-provider";

export const metadata: Metadata = { title: "Sign in or register" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  if (await getCurrentUser()) redirect("/family-dashboard");
  const params = await searchParams;
  const fromLink = typeof params.familyId === "string" ? params.familyId : undefined;
  // SPEC: tab=register opens Register, anything else Login. An invite link without a tab opens
  // Register, since the relative who follows it has no account yet (docs/decisions/003).
  const tab = params.tab === "register" || (fromLink && params.tab === undefined) ? "register" : "login";
  // An invite link opened on any page earlier is remembered; a malformed one is shown as given
  // so that registering explains it instead of silently starting a new family.
  const familyId = fromLink ?? (await rememberedInvite());
  return (
    <AuthForms
      initialTab={tab}
      familyId={familyId && (UUID_PATTERN.test(familyId) || fromLink) ? familyId : undefined}
      googleEnabled={googleSignInEnabled()}
    />
  );
}
