// GET /api/questionnaires – what the user may answer; POST – a custom family questionnaire
import { createQuestionnaireSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { createQuestionnaire } from "@/server/questions/questionnaires/create-questionnaire";
import { listQuestionnaires } from "@/server/questions/questionnaires/list-questionnaires";

export const GET = authenticatedRoute(async ({ user }) => ok({ questionnaires: await listQuestionnaires({ viewer: user }) }));

export const POST = authenticatedRoute(async ({ user, request }) => {
  const input = createQuestionnaireSchema.parse(await readJson(request));
  return ok({ questionnaire: await createQuestionnaire({ viewer: user, input }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
