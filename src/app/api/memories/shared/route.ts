// GET /api/memories/shared – the memories the signed-in user's family shared, with their authors (?member= one relative's)
import { memberFilter } from "@/lib/schemas/family-book-feed";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { listSharedMemories } from "@/server/memories/list-memories";
import { pageFrom } from "@/server/memories/pagination";

export const GET = authenticatedRoute(async ({ request, user }) =>
  ok(
    await listSharedMemories({
      viewer: user,
      page: pageFrom(request.url),
      authorId: memberFilter(new URL(request.url).searchParams.get("member")),
    }),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
