// GET /api/questionnaires/responses/{id}/photos/{photoId} – one photo of an answer the reader may read: a redirect to a short-lived address (?size=thumbnail for the small one)
// DELETE /api/questionnaires/responses/{id}/photos/{photoId} – the author removes one photo of their answer
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { answerPhotoUrl, ownAnswerId, photoSizeSchema, removeAnswerPhoto } from "@/server/questions/questionnaires/answer-photos";

export const GET = authenticatedRoute<{ id: string; photoId: string }>(async ({ request, params, user }) => {
  const size = photoSizeSchema.parse(new URL(request.url).searchParams.get("size") ?? undefined);
  const url = await answerPhotoUrl({ viewer: user, responseId: params.id, photoId: params.photoId, size });
  // The signed address stays the same for a while (downloadUrlSigning): the browser may keep this answer as long.
  // The local driver's address is a path, kept as it is: the browser resolves it against the address it asked.
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "private, max-age=600" } });
});

export const DELETE = authenticatedRoute<{ id: string; photoId: string }>(async ({ params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  return ok({ photos: await removeAnswerPhoto({ responseId, photoId: params.photoId }) });
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
