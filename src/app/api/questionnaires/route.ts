// GET /api/questionnaires – what the user may answer; POST – a custom family questionnaire
import { createQuestionnaireSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute, readJson } from "@/server/http/route";
import { createQuestionnaire } from "@/server/questionnaires/create-questionnaire";
import { listQuestionnaires } from "@/server/questionnaires/list-questionnaires";

export const GET = authenticatedRoute(async ({ user }) => ok({ questionnaires: await listQuestionnaires({ viewer: user }) }));

export const POST = authenticatedRoute(async ({ user, request }) => {
  const input = createQuestionnaireSchema.parse(await readJson(request));
  return ok({ questionnaire: await createQuestionnaire({ viewer: user, input }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
