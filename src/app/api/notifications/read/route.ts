// POST /api/notifications/read – the member marks some of their notifications, or all, read
import { markReadSchema } from "@/lib/schemas/notifications";
import { markNotificationsRead } from "@/server/news/notifications/mark-read";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = markReadSchema.parse(await readJson(request));
  return ok(await markNotificationsRead({ viewer: user, ids: "all" in input ? "all" : input.ids }));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
