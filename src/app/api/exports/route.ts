// GET|POST /api/exports – the viewer's prepared exports; ask for an export (a download now, or a job)
import { exportRequestSchema } from "@/lib/schemas/exports";
import { requestExport } from "@/server/book/exports/export-request";
import { listPreparedExports } from "@/server/book/exports/prepared-exports";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { requestOrigin } from "@/server/platform/http/request-info";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok(await listPreparedExports(user)));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const { scope } = exportRequestSchema.parse(await readJson(request));
  return ok(await requestExport({ viewer: user, scope, origin: requestOrigin(request) }));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
