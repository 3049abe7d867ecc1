// POST /api/questionnaires/responses/{id}/photos – the author adds photos to their answer (multipart, "photos"; at most 5 in all)
import { readMemoryForm } from "@/server/memories/parse-memory-form";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { addAnswerPhotos, ownAnswerId } from "@/server/questions/questionnaires/answer-photos";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  const { files } = await readMemoryForm(request, "photos");
  return ok({ photos: await addAnswerPhotos({ responseId, files }) }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
