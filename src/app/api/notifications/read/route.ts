// POST /api/notifications/read – the member marks some of their notifications, or all, read
import { markReadSchema } from "@/lib/schemas/notifications";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute, readJson } from "@/server/http/route";
import { markNotificationsRead } from "@/server/notifications/mark-read";

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = markReadSchema.parse(await readJson(request));
  return ok(await markNotificationsRead({ viewer: user, ids: "all" in input ? "all" : input.ids }));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
