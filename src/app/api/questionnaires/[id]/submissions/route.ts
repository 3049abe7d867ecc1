// GET /api/questionnaires/{id}/submissions – the user's own submissions to a questionnaire
import { listOwnSubmissions } from "@/server/questionnaires/list-own-submissions";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ submissions: await listOwnSubmissions({ viewer: user, questionnaireId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
