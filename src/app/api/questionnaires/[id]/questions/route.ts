// GET /api/questionnaires/{id}/questions – the questions of a questionnaire the user may see
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { listQuestions } from "@/server/questionnaires/list-questions";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ questions: await listQuestions({ viewer: user, questionnaireId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
