// GET /api/memories/on-this-day – memories from this day in earlier years, the viewer's own and their family's shared ones
import { onThisDaySchema } from "@/lib/schemas/on-this-day";
import { listMemoriesOnThisDay } from "@/server/memories/list-memories-on-this-day";
import { now } from "@/server/platform/clock";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const { date } = onThisDaySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return ok(await listMemoriesOnThisDay({ viewer: user, today: date ?? now().toISOString().slice(0, 10) }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
