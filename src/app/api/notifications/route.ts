// GET /api/notifications – the member's notifications, newest first, reactions grouped, a page at a time, with the unread count
import { pageSchema } from "@/lib/schemas/paging";
import { listNotifications } from "@/server/news/notifications/list-notifications";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const page = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listNotifications({ viewer: user, page }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
