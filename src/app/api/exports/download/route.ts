// GET /api/exports/download?scope=account|family – a small export as a ZIP, streamed as it is made
import { exportQuerySchema } from "@/lib/schemas/exports";
import { streamExport } from "@/server/book/exports/export-request";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const { scope } = exportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return streamExport({ viewer: user, scope });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
