// POST /api/weekly-questions/answer – the emailed link answers its one question, without a password
import { weeklyAnswerSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { publicRoute, readJson } from "@/server/http/route";
import { answerWeeklyQuestion } from "@/server/weekly-questions/answer-weekly-question";

export const POST = publicRoute(async ({ request, session }) => {
  const input = weeklyAnswerSchema.parse(await readJson(request));
  const { answer } = await answerWeeklyQuestion({ input, signedInAs: session?.user.id ?? null });
  return ok({ answer }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
