import type { Metadata } from "next";
import { EmailAddressCard } from "@/components/settings/email-address-card";
import { DeleteAccountCard } from "@/components/settings/delete-account-card";
import { EmailPreferencesCard } from "@/components/settings/email-preferences-card";
import { requireUserOrRedirect } from "@/server/auth/current-user";
import { readEmailAddress } from "@/server/auth/email-verification";
import { readEmailPreferences } from "@/server/email-preferences/read-email-preferences";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUserOrRedirect("/settings");
  const [preferences, address] = await Promise.all([readEmailPreferences({ userId: user.id }), readEmailAddress(user.id)]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        Signed in as <span className="font-medium text-foreground">{user.email}</span>
      </p>
      <EmailAddressCard email={user.email} confirmed={address.confirmed} signsInWithGoogle={address.signsInWithGoogle} />
      <EmailPreferencesCard initial={preferences} />
      <DeleteAccountCard signsInWithGoogle={address.signsInWithGoogle} />
    </div>
  );
}
