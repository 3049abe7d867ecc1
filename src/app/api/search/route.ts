// GET /api/search – memories and answers the signed-in user may open, best match first (?q=&kind=&member=&year=)
import { searchQuerySchema } from "@/lib/schemas/search";
import { search } from "@/server/book/search/search";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const query = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await search({ viewer: user, query }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
