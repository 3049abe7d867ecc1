// GET /api/memories/shared – the memories the signed-in user's family shared, with their authors (?member= one relative's)
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { listSharedMemories } from "@/server/memories/list-memories";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const { member, ...page } = familyBookFeedSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listSharedMemories({ viewer: user, page, authorId: member }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
