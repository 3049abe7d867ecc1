// GET /api/openapi.json – the API reference (OpenAPI 3.1), generated from the schemas the routes use
import { otherMethods } from "@/server/platform/http/methods";
import { toErrorResponse } from "@/server/platform/http/to-error-response";
import { openApiDocument } from "@/server/openapi/document";

// Public and the same for everyone, so it goes around the session wrapper: a shared cache must
// never keep an answer that carries someone's cookies.
export function GET() {
  try {
    return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
