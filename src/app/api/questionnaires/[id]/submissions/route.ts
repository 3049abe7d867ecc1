// GET /api/questionnaires/{id}/submissions – the user's own submissions to a questionnaire
// PATCH /api/questionnaires/{id}/submissions – Share All / Unshare All: every one of them, with every answer
import { shareAllSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { listOwnSubmissions } from "@/server/questions/questionnaires/list-own-submissions";
import { shareAllSubmissions } from "@/server/questions/questionnaires/share-all-submissions";

export const GET = authenticatedRoute<{ id: string }>(async ({ user, params }) =>
  ok({ submissions: await listOwnSubmissions({ viewer: user, questionnaireId: params.id }) }),
);

export const PATCH = authenticatedRoute<{ id: string }>(async ({ user, params, request }) => {
  const input = shareAllSchema.parse(await readJson(request));
  return ok({ submissions: await shareAllSubmissions({ viewer: user, questionnaireId: params.id, input }) });
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
