// GET /api/questionnaires/question-to-ask – one library question the caller has not answered yet (Ask a Question)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { pickQuestionToAsk } from "@/server/questions/questionnaires/pick-question-to-ask";

export const GET = authenticatedRoute(async ({ user }) => ok({ question_to_ask: await pickQuestionToAsk({ viewer: user }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
