// POST /api/questionnaires/questions/{id}/answer – saves one answer to one question on its own (Ask a Question)
import { answerOneQuestionSchema } from "@/lib/schemas/questionnaires";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { answerOneQuestion } from "@/server/questions/questionnaires/answer-one-question";

export const POST = authenticatedRoute<{ id: string }>(async ({ user, request, params }) => {
  const input = answerOneQuestionSchema.parse(await readJson(request));
  return ok(await answerOneQuestion({ viewer: user, input: { ...input, question_id: params.id } }), { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
