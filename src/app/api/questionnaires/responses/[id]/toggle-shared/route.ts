// PATCH /api/questionnaires/responses/{id}/toggle-shared – the author shares or hides one answer (and learns whether its whole submission is now shared)
import { toggleSharedSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { readOptionalJson } from "@/server/questions/questionnaires/read-optional-json";
import { toggleResponseShared } from "@/server/questions/questionnaires/toggle-response-shared";

export const PATCH = authenticatedRoute<{ id: string }>(async ({ user, params, request }) => {
  const input = toggleSharedSchema.parse((await readOptionalJson(request)) ?? {});
  return ok(await toggleResponseShared({ viewer: user, responseId: params.id, input }));
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
