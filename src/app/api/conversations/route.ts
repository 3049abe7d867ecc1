// GET /api/conversations?memory=…&answer=… – comment counts and reactions of a page of shared items, in one statement
import { conversationSummaryQuerySchema } from "@/lib/schemas/conversations";
import { summarizeConversations } from "@/server/conversations/conversation-summaries";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  const query = conversationSummaryQuerySchema.parse({ memory: params.getAll("memory"), answer: params.getAll("answer") });
  const items = [...query.memory.map((id) => ({ type: "memory" as const, id })), ...query.answer.map((id) => ({ type: "answer" as const, id }))];
  return ok({ summaries: await summarizeConversations({ viewer: user, items }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
