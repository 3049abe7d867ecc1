// GET /api/memories/{id}/comments – the comments on a shared memory; POST – add one
import { commentCreateRoute, commentListRoute } from "@/server/conversations/conversation-routes";
import { otherMethods } from "@/server/platform/http/methods";

export const GET = commentListRoute("memory");
export const POST = commentCreateRoute("memory");

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
