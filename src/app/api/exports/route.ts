// GET|POST /api/exports – the viewer's prepared exports; ask for an export (a download now, or a job)
import { exportRequestSchema } from "@/lib/schemas/exports";
import { requestExport } from "@/server/exports/export-request";
import { listPreparedExports } from "@/server/exports/prepared-exports";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { requestOrigin } from "@/server/http/request-info";
import { authenticatedRoute, readJson } from "@/server/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok(await listPreparedExports(user)));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const { scope } = exportRequestSchema.parse(await readJson(request));
  return ok(await requestExport({ viewer: user, scope, origin: requestOrigin(request) }));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
