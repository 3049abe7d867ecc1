// POST /api/follow-ups/{id}/answer – the author answers a question from their family, once
import { answerFollowUpSchema } from "@/lib/schemas/follow-ups";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { answerFollowUp } from "@/server/questions/follow-ups/answer-follow-up";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const { answer } = answerFollowUpSchema.parse(await readJson(request));
  return ok({ follow_up: await answerFollowUp({ viewer: user, id: params.id, answer }) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
