// GET /api/notification-preferences – which notifications the member gets, in the app and by email
// PUT /api/notification-preferences – turn kinds of notification on or off
import { notificationPreferencesChangeSchema } from "@/lib/schemas/notifications";
import { changeNotificationPreferences, readNotificationPreferences } from "@/server/news/notifications/preferences";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ preferences: await readNotificationPreferences({ userId: user.id }) }));

export const PUT = authenticatedRoute(async ({ request, user }) => {
  const changes = notificationPreferencesChangeSchema.parse(await readJson(request));
  return ok({ preferences: await changeNotificationPreferences({ userId: user.id, changes }) });
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
