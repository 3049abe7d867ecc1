// PUT /api/memories/{id}/reactions/{kind} – react to a shared memory; DELETE – take the reaction back
import { reactionRoute } from "@/server/conversations/conversation-routes";
import { otherMethods } from "@/server/platform/http/methods";

export const PUT = reactionRoute("memory", true);
export const DELETE = reactionRoute("memory", false);

export const { GET, HEAD, POST, PATCH, OPTIONS } = otherMethods("PUT", "DELETE");
