import "server-only";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notifications";
import type { NotificationPreferences, NotificationPreferencesChange } from "@/lib/schemas/notifications";
import { changeEmailPreferences } from "@/server/accounts/email-preferences/change-email-preferences";
import { readEmailPreferences } from "@/server/accounts/email-preferences/read-email-preferences";
import { getDb } from "@/server/platform/db/client";

// Which notifications a member wants, in the app and by email (docs/product.md §21). Everything is
// on until turned off. A relative joining already has its own email, sent at once ("New
// relatives", docs/product.md §11): that kind's email switch is that email's, so there is one
// switch for one email and the daily digest never repeats it.

export async function readNotificationPreferences({ userId }: { userId: string }): Promise<NotificationPreferences> {
  const prisma = await getDb();
  const [rows, email] = await Promise.all([
    prisma.notificationPreference.findMany({ where: { user_id: userId }, select: { kind: true, in_app: true, email: true } }),
    readEmailPreferences({ userId }),
  ]);
  const saved = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { in_app: saved.get(kind)?.in_app ?? true, email: kind === "member_joined" ? email["relative-joined"] : (saved.get(kind)?.email ?? true) },
    ]),
  ) as NotificationPreferences;
}

export async function changeNotificationPreferences({ userId, changes }: { userId: string; changes: NotificationPreferencesChange }) {
  const prisma = await getDb();
  const entries = Object.entries(changes).filter((entry): entry is [NotificationKind, { in_app?: boolean; email?: boolean }] => entry[1] !== undefined);
  const joined = changes.member_joined?.email;
  if (joined !== undefined) await changeEmailPreferences({ userId, changes: { "relative-joined": joined } });
  await prisma.$transaction(
    entries.map(([kind, { in_app, email }]) => {
      const own = { ...(in_app === undefined ? {} : { in_app }), ...(email === undefined || kind === "member_joined" ? {} : { email }) };
      return prisma.notificationPreference.upsert({
        where: { user_id_kind: { user_id: userId, kind } },
        create: { user_id: userId, kind, ...own },
        update: own,
      });
    }),
  );
  return readNotificationPreferences({ userId });
}
