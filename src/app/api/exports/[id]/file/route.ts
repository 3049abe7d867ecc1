// GET /api/exports/{id}/file – the owner's ready export: a redirect to a short-lived signed address
import { preparedExportDownloadUrl } from "@/server/book/exports/prepared-exports";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const url = await preparedExportDownloadUrl(user, params.id);
  return Response.redirect(new URL(url, request.url), 302);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
