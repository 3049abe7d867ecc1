// GET  /api/family-book/books – the member's printed books of the last week, and those being made
// POST /api/family-book/books – a member asks for a printed book: 202 with the new build, or 200 with the same book already being made or just made
import { listBookBuilds, requestBookBuild } from "@/server/book/print/book-builds";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok(await listBookBuilds({ viewer: user })));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const { build, started } = await requestBookBuild({ viewer: user, input: await readJson(request), origin: requestOrigin(request) });
  return ok({ book: build }, { status: started ? 202 : 200, headers: { Location: `/api/family-book/books/${build.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
