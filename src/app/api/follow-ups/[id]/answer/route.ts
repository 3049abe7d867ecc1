// POST /api/follow-ups/{id}/answer – the author answers a question from their family, once
import { answerFollowUpSchema } from "@/lib/schemas/follow-ups";
import { answerFollowUp } from "@/server/follow-ups/answer-follow-up";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute, readJson } from "@/server/http/route";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const { answer } = answerFollowUpSchema.parse(await readJson(request));
  return ok({ follow_up: await answerFollowUp({ viewer: user, id: params.id, answer }) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
