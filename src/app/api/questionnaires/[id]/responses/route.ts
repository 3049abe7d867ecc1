// GET /api/questionnaires/{id}/responses – the user's own answers to a questionnaire
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { listOwnResponses } from "@/server/questions/questionnaires/list-own-responses";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ responses: await listOwnResponses({ viewer: user, questionnaireId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
