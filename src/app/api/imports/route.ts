// POST /api/imports – bring a personal export ZIP (the request body) into the signed-in account
import { importExportFromRequest } from "@/server/book/exports/import-export";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const POST = authenticatedRoute(async ({ request, user }) =>
  ok({ imported: await importExportFromRequest({ viewer: user, request }) }, { status: 201 }),
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
