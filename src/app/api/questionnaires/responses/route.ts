// POST /api/questionnaires/responses – saves one submission of answers to a questionnaire
import { saveResponsesSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { saveResponses } from "@/server/questions/questionnaires/save-responses";

export const POST = authenticatedRoute(async ({ user, request }) => {
  const input = saveResponsesSchema.parse(await readJson(request));
  return ok({ submission: await saveResponses({ viewer: user, input }) }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
