// GET /api/questionnaires/responses/{id}/comments – the comments on a shared answer; POST – add one
import { commentCreateRoute, commentListRoute } from "@/server/conversations/conversation-routes";
import { otherMethods } from "@/server/platform/http/methods";

export const GET = commentListRoute("answer");
export const POST = commentCreateRoute("answer");

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
