// GET /api/family-book/books/{id}/pdf – one of the member's finished books: a redirect to a short-lived signed address
import { bookBuildDownloadUrl } from "@/server/book/print/book-builds";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const url = await bookBuildDownloadUrl({ viewer: user, id: params.id });
  return Response.redirect(new URL(url, request.url), 302);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
