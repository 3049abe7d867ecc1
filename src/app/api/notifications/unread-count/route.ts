// GET /api/notifications/unread-count – how many entries of the member's notifications are unread (the bell)
import { countUnreadNotifications } from "@/server/news/notifications/list-notifications";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ unread_count: await countUnreadNotifications({ viewer: user }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
