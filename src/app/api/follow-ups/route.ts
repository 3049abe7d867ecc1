// GET  /api/follow-ups – the questions the family asked the caller that wait for an answer, oldest first
// POST /api/follow-ups – "Tell us more": a relative asks the author of a shared memory or answer a question
import { askFollowUpSchema } from "@/lib/schemas/follow-ups";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { askFollowUp } from "@/server/questions/follow-ups/ask-follow-up";
import { listPendingFollowUps } from "@/server/questions/follow-ups/pending-follow-ups";

export const GET = authenticatedRoute(async ({ user }) => ok({ follow_ups: await listPendingFollowUps({ viewer: user }) }));

export const POST = authenticatedRoute(async ({ request, user }) => {
  const input = askFollowUpSchema.parse(await readJson(request));
  const item = input.memory_id ? { type: "memory" as const, id: input.memory_id } : { type: "answer" as const, id: input.answer_id! };
  return ok({ follow_up: await askFollowUp({ viewer: user, item, question: input.question }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
