import type { Metadata } from "next";
import Link from "next/link";
import { ChangePasswordCard } from "@/components/settings/change-password-card";
import { DeleteAccountCard } from "@/components/settings/delete-account-card";
import { EmailAddressCard } from "@/components/settings/email-address-card";
import { EmailPreferencesCard } from "@/components/settings/email-preferences-card";
import { NotificationPreferencesCard } from "@/components/settings/notification-preferences-card";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { readEmailAddress } from "@/server/accounts/auth/email-verification";
import { accountDeletionBlocker } from "@/server/accounts/deletion/delete-account";
import { readEmailPreferences } from "@/server/accounts/email-preferences/read-email-preferences";
import { readNotificationPreferences } from "@/server/news/notifications/preferences";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUserOrRedirect("/settings");
  const [preferences, address, notifications, deletionBlocker] = await Promise.all([
    readEmailPreferences({ userId: user.id }),
    readEmailAddress(user.id),
    readNotificationPreferences({ userId: user.id }),
    accountDeletionBlocker(user),
  ]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        Signed in as <span className="font-medium text-foreground">{user.email}</span>
      </p>
      <EmailAddressCard email={user.email} confirmed={address.confirmed} signsInWithGoogle={address.signsInWithGoogle} />
      <ChangePasswordCard owner={{ first_name: user.first_name, last_name: user.last_name, email: user.email }} signsInWithGoogle={address.signsInWithGoogle} />
      <NotificationPreferencesCard initial={notifications} />
      <EmailPreferencesCard initial={preferences} />
      <section aria-labelledby="your-data-heading" className="flex flex-col gap-2 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="your-data-heading" className="text-xl font-semibold">
          Your data
        </h2>
        <p className="text-muted-foreground">Export your memories, photos and answers as a ZIP file, or import one.</p>
        <Link href="/settings/data" className="inline-flex min-h-11 items-center self-start font-medium text-primary underline underline-offset-4">
          Export or import your data
        </Link>
      </section>
      <DeleteAccountCard signsInWithGoogle={address.signsInWithGoogle} blocker={deletionBlocker} />
    </div>
  );
}
