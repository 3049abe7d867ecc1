// GET /api/family-book/books/{id}/pdf – the finished PDF of one of the member's printed books
import { otherMethods } from "@/server/http/methods";
import { authenticatedRoute } from "@/server/http/route";
import { readBookBuildPdf } from "@/server/book/book-builds";

export const GET = authenticatedRoute<{ id: string }>(async ({ params, user }) => {
  const { body, fileName } = await readBookBuildPdf({ viewer: user, id: params.id });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(body.length),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
