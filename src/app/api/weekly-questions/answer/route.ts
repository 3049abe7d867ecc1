// POST /api/weekly-questions/answer – the emailed link answers its one question, without a password
// PATCH /api/weekly-questions/answer – the same link then shares its answer with the family, or keeps it private
import { shareWeeklyAnswerSchema, weeklyAnswerSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute, readJson } from "@/server/platform/http/route";
import { answerWeeklyQuestion, shareAnswerByLink } from "@/server/questions/weekly-questions/answer-weekly-question";

export const POST = publicRoute(async ({ request, session }) => {
  const input = weeklyAnswerSchema.parse(await readJson(request));
  const { answer } = await answerWeeklyQuestion({ input, signedInAs: session?.user.id ?? null });
  return ok({ answer }, { status: 201 });
});

export const PATCH = publicRoute(async ({ request }) => {
  const input = shareWeeklyAnswerSchema.parse(await readJson(request));
  return ok(await shareAnswerByLink({ input }));
});

export const { GET, HEAD, PUT, DELETE, OPTIONS } = otherMethods("POST", "PATCH");
