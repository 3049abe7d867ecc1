// PUT /api/questionnaires/responses/{id}/reactions/{kind} – react to a shared answer; DELETE – take the reaction back
import { reactionRoute } from "@/server/conversations/conversation-routes";
import { otherMethods } from "@/server/platform/http/methods";

export const PUT = reactionRoute("answer", true);
export const DELETE = reactionRoute("answer", false);

export const { GET, HEAD, POST, PATCH, OPTIONS } = otherMethods("PUT", "DELETE");
