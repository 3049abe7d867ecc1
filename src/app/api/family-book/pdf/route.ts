// GET /api/family-book/pdf – the family's shared memories and answers as a printable PDF book
import { Readable } from "node:stream";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { bookFileName, gatherBookContent } from "@/server/book/print/gather-book-content";
import { renderBookPdf } from "@/server/book/print/render-book-pdf";
import { otherMethods } from "@/server/platform/http/methods";
import { publicOriginFrom } from "@/server/platform/http/request-info";
import { authenticatedRoute } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ request, user }) => {
  const url = new URL(request.url);
  const options = bookOptionsSchema.parse(Object.fromEntries(url.searchParams));
  const content = await gatherBookContent({ viewer: user, options, origin: publicOriginFrom(request.headers) });
  const stream = await renderBookPdf(content, options.size);
  return new Response(Readable.toWeb(stream as Readable) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${bookFileName(content)}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
