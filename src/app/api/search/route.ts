// GET /api/search – memories and answers the signed-in user may open, best match first (?q=&kind=&member=&year=)
import { searchQuerySchema } from "@/lib/schemas/search";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { search } from "@/server/search/search";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const query = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await search({ viewer: user, query }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
