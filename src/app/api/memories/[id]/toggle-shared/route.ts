// PATCH /api/memories/{id}/toggle-shared – the owner shares a memory with the family or hides it
import { toggleSharedSchema } from "@/lib/schemas/memories";
import { toggleMemoryShared } from "@/server/memories/toggle-memory-shared";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const PATCH = authenticatedRoute<{ id: string }>(async ({ request, params, user }) => {
  const { is_shared } = toggleSharedSchema.parse(await readJson(request));
  return ok({ memory: await toggleMemoryShared({ viewer: user, memoryId: params.id, isShared: is_shared }) });
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
