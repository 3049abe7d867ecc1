// GET /api/memories/shared – the memories the signed-in user's family shared, with their authors
import { ok } from "@/server/http/envelope";
import { authenticatedRoute } from "@/server/http/route";
import { listSharedMemories } from "@/server/memories/list-memories";
import { pageFrom } from "@/server/memories/pagination";

export const GET = authenticatedRoute(async ({ request, user }) => ok(await listSharedMemories({ viewer: user, page: pageFrom(request.url) })));
