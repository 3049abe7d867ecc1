// GET /api/questionnaires/responses/shared – every answer the user's family may read, one by one
import { pageSchema } from "@/lib/schemas/paging";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { listSharedResponses } from "@/server/questions/questionnaires/list-shared-responses";

export const GET = authenticatedRoute(async ({ user, request }) => {
  const page = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listSharedResponses({ viewer: user, page }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
