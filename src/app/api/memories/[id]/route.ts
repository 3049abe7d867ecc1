// GET|PUT|DELETE /api/memories/{id} – read a visible memory; the owner edits (multipart) or deletes it
import { updateMemorySchema } from "@/lib/schemas/memories";
import { deleteMemory } from "@/server/memories/delete-memory";
import { getMemoryOrThrow } from "@/server/memories/get-memory";
import { readMemoryForm, updateFields } from "@/server/memories/parse-memory-form";
import { updateMemory } from "@/server/memories/update-memory";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

type Params = { id: string };

export const GET = authenticatedRoute<Params>(async ({ params, user }) => ok({ memory: await getMemoryOrThrow({ viewer: user, memoryId: params.id }) }));

export const PUT = authenticatedRoute<Params>(async ({ request, params, user }) => {
  const { fields, photos } = updateFields(await readMemoryForm(request));
  const input = updateMemorySchema.parse(fields);
  return ok({ memory: await updateMemory({ viewer: user, memoryId: params.id, input, photos }) });
});

export const DELETE = authenticatedRoute<Params>(async ({ params, user }) => ok({ memory: await deleteMemory({ viewer: user, memoryId: params.id }) }));

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
