// GET /api/notifications/unread-count – how many entries of the member's notifications are unread (the bell)
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { countUnreadNotifications } from "@/server/notifications/list-notifications";

export const GET = authenticatedRoute(async ({ user }) => ok({ unread_count: await countUnreadNotifications({ viewer: user }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
