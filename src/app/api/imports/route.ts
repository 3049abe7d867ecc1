// POST /api/imports – bring a personal export ZIP (the request body) into the signed-in account
import { importExportFromRequest } from "@/server/exports/import-export";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";

export const POST = authenticatedRoute(async ({ request, user }) =>
  ok({ imported: await importExportFromRequest({ viewer: user, request }) }, { status: 201 }),
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
