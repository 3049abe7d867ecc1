import "server-only";
import { commentInputSchema, reactionKindSchema } from "@/lib/schemas/conversations";
import { pageSchema } from "@/lib/schemas/paging";
import { AppError } from "@/server/platform/http/app-error";
import { ok } from "@/server/platform/http/envelope";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";
import { addComment, listComments } from "./comments";
import type { ItemType } from "./conversation-item";
import { setReaction } from "./reactions";

// The handlers a memory and an answer share: the same conversation under two addresses
// (/api/memories/{id}/… and /api/questionnaires/responses/{id}/…).

export const UNKNOWN_REACTION = "There is no such reaction. Use love, laugh, wow, thanks or applause.";

export function commentListRoute(type: ItemType) {
  return authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
    const page = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return ok(await listComments({ viewer: user, item: { type, id: params.id }, page }));
  });
}

export function commentCreateRoute(type: ItemType) {
  return authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
    const { body } = commentInputSchema.parse(await readJson(request));
    return ok({ comment: await addComment({ viewer: user, item: { type, id: params.id }, body }) }, { status: 201 });
  });
}

export function reactionRoute(type: ItemType, on: boolean) {
  return authenticatedRoute<{ id: string; kind: string }>(async ({ params, user }) => {
    const kind = reactionKindSchema.safeParse(params.kind);
    if (!kind.success) throw new AppError("NOT_FOUND", UNKNOWN_REACTION);
    return ok({ summary: await setReaction({ viewer: user, item: { type, id: params.id }, kind: kind.data, on }) });
  });
}
