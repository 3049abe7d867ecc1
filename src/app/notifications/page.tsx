import type { Metadata } from "next";
import { NotificationList } from "@/components/notifications/notification-list";
import { FIRST_PAGE } from "@/lib/schemas/paging";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { listNotifications } from "@/server/news/notifications/list-notifications";

export const metadata: Metadata = { title: "Notifications" };

/** The bell's list (docs/product.md §21): newest first, reactions grouped, each linking to its item. */
export default async function NotificationsPage() {
  const user = await requireUserOrRedirect("/notifications");
  const page = await listNotifications({ viewer: user, page: FIRST_PAGE });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <NotificationList initial={page} />
    </div>
  );
}
