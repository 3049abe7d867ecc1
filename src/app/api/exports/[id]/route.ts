// GET|DELETE /api/exports/{id} – one of the viewer's prepared exports, with its progress; its owner deletes it
import { deletePreparedExport, getPreparedExport, toDataExportDto } from "@/server/book/exports/prepared-exports";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok({ export: toDataExportDto(await getPreparedExport(user, params.id)) }));

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok({ export: await deletePreparedExport(user, params.id) }));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
