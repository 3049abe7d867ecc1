import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ConfirmEmailBanner } from "@/components/account/confirm-email-banner";
import { SiteHeader } from "@/components/layout/site-header";
import { Toaster } from "@/components/ui/sonner";
import { PRODUCT_NAME } from "@/lib/constants";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { isEmailConfirmed } from "@/server/accounts/auth/email-verification";
import { countUnreadNotifications } from "@/server/news/notifications/list-notifications";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: "Preserve your family's legacy: capture memories, stories and wisdom from your family, and share them as one Family Book.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#7a4a2a",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  const [confirmed, unreadNotifications] = user ? await Promise.all([isEmailConfirmed(user.id), countUnreadNotifications({ viewer: user })]) : [true, 0];
  const unconfirmedEmail = user && !confirmed ? user.email : null;
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col font-sans">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-3 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <SiteHeader signedIn={user !== null} unreadNotifications={unreadNotifications} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6">
          {unconfirmedEmail && <ConfirmEmailBanner email={unconfirmedEmail} />}
          {children}
        </main>
        <footer className="border-t py-6 text-center text-base text-muted-foreground">{PRODUCT_NAME}: your family&apos;s stories, kept together.</footer>
        <Toaster />
      </body>
    </html>
  );
}
