// GET /api/memories – the signed-in user's memories; POST /api/memories – write a new memory (multipart)
import { createMemorySchema } from "@/lib/schemas/memories";
import { pageSchema } from "@/lib/schemas/paging";
import { createMemory } from "@/server/memories/create-memory";
import { listMemories } from "@/server/memories/list-memories";
import { createFields, readMemoryForm } from "@/server/memories/parse-memory-form";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) =>
  ok(await listMemories({ viewer: user, page: pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams)) })),
);

export const POST = authenticatedRoute(async ({ request, user }) => {
  const { fields, photos } = createFields(await readMemoryForm(request));
  const input = createMemorySchema.parse(fields);
  return ok({ memory: await createMemory({ viewer: user, input, photos }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
