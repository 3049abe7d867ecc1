import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

// Reads a PDF back the way a reader's viewer would: its pages, their text and their images, the
// page number printed at the foot of each page, and where each link of the contents leads.

type TextItem = { str: string; hasEOL: boolean; transform: number[] };
/** The foot of a page, below every line of text: where the page number is printed. */
const FOOT = 40;

export async function readPdf(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  /** The text printed at the foot of each page. */
  const folios: string[] = [];
  /** Where each page's text begins on the left (in points), or null for a page without text. */
  const leftEdges: (number | null)[] = [];
  /** How many images each page paints. */
  const pageImages: number[] = [];
  /** Each link that leads to a place in the book: the text it covers, and the page it leads to. */
  const links: { page: number; text: string; target: number }[] = [];
  /** Every run of text with its type size in points (the text's scale, unrotated as the book prints it). */
  const runs: { text: string; size: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const items = (await page.getTextContent()).items.flatMap((item): TextItem[] => ("str" in item ? [item] : []));
    pages.push(
      items
        .filter((item) => item.transform[5]! >= FOOT)
        .map((item) => item.str + (item.hasEOL ? "\n" : ""))
        .join("")
        .replace(/[ \t]+/g, " "),
    );
    const body = items.filter((item) => item.transform[5]! >= FOOT && item.str.trim());
    runs.push(...body.map((item) => ({ text: item.str, size: Math.round(Math.hypot(item.transform[0]!, item.transform[1]!) * 10) / 10 })));
    leftEdges.push(body.length > 0 ? Math.min(...body.map((item) => item.transform[4]!)) : null);
    folios.push(
      items
        .filter((item) => item.transform[5]! < FOOT)
        .map((item) => item.str)
        .join("")
        .trim(),
    );
    const operators = await page.getOperatorList();
    pageImages.push(operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
    for (const annotation of (await page.getAnnotations()) as { subtype: string; dest?: unknown; rect: number[] }[]) {
      if (annotation.subtype !== "Link" || !annotation.dest) continue;
      const destination = typeof annotation.dest === "string" ? await document.getDestination(annotation.dest) : (annotation.dest as unknown[]);
      if (!destination) continue;
      const target = (await document.getPageIndex(destination[0] as never)) + 1;
      const [left, bottom, right, top] = annotation.rect as [number, number, number, number];
      const text = items
        .filter((item) => {
          const [x, y] = [item.transform[4]!, item.transform[5]!];
          return x >= left - 1 && x <= right + 1 && y >= bottom - 1 && y <= top + 1;
        })
        .map((item) => item.str)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      links.push({ page: number, text, target });
    }
  }
  /** The bookmarks beside the pages: each title and the page it opens. */
  const outline: { title: string; page: number }[] = [];
  for (const item of (await document.getOutline()) ?? []) {
    const destination = typeof item.dest === "string" ? await document.getDestination(item.dest) : item.dest;
    if (destination) outline.push({ title: item.title, page: (await document.getPageIndex(destination[0] as never)) + 1 });
  }
  const info = (await document.getMetadata()).info as Record<string, unknown>;
  await document.destroy();
  const images = pageImages.reduce((sum, count) => sum + count, 0);
  return { pageCount: pages.length, pages, folios, leftEdges, pageImages, links, outline, runs, text: pages.join("\n\f\n"), images, info };
}

export async function streamToBuffer(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * What a phone's camera reads from a printed page: the page drawn at 150 dpi, then every QR code
 * on it decoded (jsQR reads one at a time, so each one read is painted over and the page read again).
 */
export async function scanQrCodes(bytes: Uint8Array, pageNumber: number): Promise<string[]> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const { default: jsQR } = await import("jsqr");
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await document.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 150 / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as never, viewport }).promise;
  await document.destroy();
  const found: string[] = [];
  for (;;) {
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(image.data, image.width, image.height);
    if (!code) return found;
    found.push(code.data);
    const { topLeftCorner, bottomRightCorner } = code.location;
    context.fillStyle = "#ffffff";
    context.fillRect(topLeftCorner.x - 4, topLeftCorner.y - 4, bottomRightCorner.x - topLeftCorner.x + 8, bottomRightCorner.y - topLeftCorner.y + 8);
  }
}
