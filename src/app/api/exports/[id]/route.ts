// GET /api/exports/{id} – one of the viewer's prepared exports, with its progress
import { getPreparedExport, toDataExportDto } from "@/server/exports/prepared-exports";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ export: toDataExportDto(await getPreparedExport(user, params.id)) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
