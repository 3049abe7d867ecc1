// GET|DELETE /api/family-book/books/{id} – one of the member's printed books: its progress, or its download once ready; its owner deletes it
import { deleteBookBuild, getBookBuild } from "@/server/book/print/book-builds";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok({ book: await getBookBuild({ viewer: user, id: params.id }) }));

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) => ok({ book: await deleteBookBuild({ viewer: user, id: params.id }) }));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
