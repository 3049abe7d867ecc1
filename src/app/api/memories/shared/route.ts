// GET /api/memories/shared – the memories the signed-in user's family shared, with their authors (?member= one relative's)
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { listSharedMemories } from "@/server/memories/list-memories";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const { member, ...page } = familyBookFeedSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listSharedMemories({ viewer: user, page, authorId: member }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
