// GET /api/questionnaires/{id}/questions – the questions of a questionnaire the user may see
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { listQuestions } from "@/server/questions/questionnaires/list-questions";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ questions: await listQuestions({ viewer: user, questionnaireId: params.id }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
