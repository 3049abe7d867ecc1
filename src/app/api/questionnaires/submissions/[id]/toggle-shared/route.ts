// PATCH /api/questionnaires/submissions/{id}/toggle-shared – the author shares or hides a submission
import { toggleSharedSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { readOptionalJson } from "@/server/questions/questionnaires/read-optional-json";
import { toggleSubmissionShared } from "@/server/questions/questionnaires/toggle-submission-shared";

export const PATCH = authenticatedRoute<{ id: string }>(async ({ user, params, request }) => {
  const input = toggleSharedSchema.parse((await readOptionalJson(request)) ?? {});
  return ok({ submission: await toggleSubmissionShared({ viewer: user, submissionId: params.id, input }) });
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
