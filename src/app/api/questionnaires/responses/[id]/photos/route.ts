// POST /api/questionnaires/responses/{id}/photos – the author adds photos to their answer (multipart, "photos"; at most 5 in all)
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { readMemoryForm } from "@/server/memories/parse-memory-form";
import { addAnswerPhotos, ownAnswerId } from "@/server/questionnaires/answer-photos";

export const POST = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const responseId = await ownAnswerId(user, params.id);
  const { files } = await readMemoryForm(request, "photos");
  return ok({ photos: await addAnswerPhotos({ responseId, files }) }, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
