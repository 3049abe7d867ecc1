// GET /api/family-book/books/{id} – one of the member's printed books: its progress, or its download once ready
import { ok } from "@/server/http/envelope";
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { getBookBuild } from "@/server/book/book-builds";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok({ book: await getBookBuild({ viewer: user, id: params.id }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
