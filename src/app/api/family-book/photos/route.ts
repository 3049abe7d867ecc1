// GET /api/family-book/photos – the photos the family shared, to choose the printed book's cover from
import { pageSchema } from "@/lib/schemas/paging";
import { listCoverPhotos } from "@/server/book/print/list-cover-photos";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) =>
  ok(await listCoverPhotos({ viewer: user, page: pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams)) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
