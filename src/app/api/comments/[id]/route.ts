// PATCH /api/comments/{id} – the writer changes their comment; DELETE – the writer, or the item's author, removes it
import { commentInputSchema } from "@/lib/schemas/conversations";
import { editComment, removeComment } from "@/server/conversations/comments";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const PATCH = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const { body } = commentInputSchema.parse(await readJson(request));
  return ok({ comment: await editComment({ viewer: user, commentId: params.id, body }) });
});

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok(await removeComment({ viewer: user, commentId: params.id })));

export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods("PATCH", "DELETE");
