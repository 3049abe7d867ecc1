// GET /api/notifications – the member's notifications, newest first, reactions grouped, a page at a time, with the unread count
import { pageSchema } from "@/lib/schemas/paging";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { listNotifications } from "@/server/notifications/list-notifications";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const page = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listNotifications({ viewer: user, page }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
