import "server-only";
import { createElement } from "react";
import { renderToBuffer, renderToStream } from "@react-pdf/renderer";
import type { BookContent, PaperSize } from "./book-content";
import { BookDocument, type ChapterPages } from "./pdf/book-document";
import { registerBookFonts } from "./pdf/fonts";

/**
 * Lays the book out twice: the first pass finds the page each chapter starts on (with empty
 * boxes where photos go, so nothing is decoded), the second prints those numbers in the contents
 * and streams the finished book.
 */
export async function renderBookPdf(content: BookContent, size: PaperSize): Promise<NodeJS.ReadableStream> {
  registerBookFonts();
  const chapterPages: ChapterPages = {};
  const record = (year: number, page: number) => {
    chapterPages[year] ??= page;
  };
  if (content.chapters.length > 0) {
    await renderToBuffer(createElement(BookDocument, { content, size, chapterPages: null, onChapterPage: record }) as never);
  }
  return renderToStream(createElement(BookDocument, { content, size, chapterPages: content.chapters.length > 0 ? chapterPages : null }) as never);
}
