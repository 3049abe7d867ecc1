// GET /api/questionnaires/submissions/shared – the family's shared answers, grouped by submission (?member= one relative's)
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { listSharedSubmissions } from "@/server/questions/questionnaires/list-shared-submissions";

export const GET = authenticatedRoute(async ({ user, request }) => {
  const { member, ...page } = familyBookFeedSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listSharedSubmissions({ viewer: user, page, authorId: member }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
