import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// Reads a PDF back the way a reader's viewer would: its pages, their text and their images.

export async function readPdf(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  let images = 0;
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const text = await page.getTextContent();
    pages.push(
      text.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        .replace(/[ \t]+/g, " "),
    );
    const operators = await page.getOperatorList();
    const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    images += operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
  }
  const info = (await document.getMetadata()).info as Record<string, unknown>;
  await document.destroy();
  return { pageCount: pages.length, pages, text: pages.join("\n\f\n"), images, info };
}

export async function streamToBuffer(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
