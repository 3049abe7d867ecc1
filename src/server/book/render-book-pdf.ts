import "server-only";
import { createElement } from "react";
import type { BookContent, BookItem, PaperSize } from "./book-content";
import { BookDocument, chapterAnchor, CLOSING_ANCHOR, type ContentsNumbers } from "./pdf/book-document";
import { printableText, registerBookFonts } from "./pdf/fonts";
import { layOutBook, paintBook, type LaidOutBook } from "./pdf/paint-book";

/**
 * Where the making of a book is: arranging the pages (no count yet), then painting each page
 * with its photos, which are fetched as their page comes (docs/decisions/032-books-at-scale.md).
 */
export type BookProgress = { phase: "arranging" } | { phase: "pages"; done: number; total: number };
import { PAGE_GEOMETRY } from "./pdf/page-geometry";

/** The page each chapter and the closing page start on, as the layout placed them. */
function numbersOf(book: LaidOutBook, content: BookContent): ContentsNumbers {
  const page = (anchor: string) => {
    const number = book.anchors.get(anchor);
    if (number === undefined) throw new Error(`The book's layout lost its anchor ${anchor}`);
    return number;
  };
  return { chapters: content.chapters.map((_, index) => page(chapterAnchor(index))), closing: page(CLOSING_ANCHOR) };
}

/** The book's words, less the characters its faces cannot print (emoji, scripts they lack). */
async function printableContent(content: BookContent): Promise<BookContent> {
  const keep = await printableText();
  const item = (entry: BookItem): BookItem =>
    entry.kind === "memory"
      ? { ...entry, title: keep(entry.title), author: keep(entry.author), taggedNames: entry.taggedNames.map(keep), content: keep(entry.content) }
      : {
          ...entry,
          questionnaireTitle: keep(entry.questionnaireTitle),
          author: keep(entry.author),
          answers: entry.answers.map((answer) => ({ question: keep(answer.question), answer: keep(answer.answer) })),
        };
  return {
    ...content,
    title: keep(content.title),
    contributors: content.contributors.map(keep),
    chapters: content.chapters.map((chapter) => ({ title: keep(chapter.title), items: chapter.items.map(item) })),
  };
}

const sameNumbers = (a: ContentsNumbers, b: ContentsNumbers) => a.closing === b.closing && a.chapters.every((page, index) => page === b.chapters[index]);

/**
 * Lays the book out (with boxes where photos go: no photo is loaded to lay it out), which finds
 * the page each chapter starts on; then lays out the title page and the contents again with those
 * numbers and puts them in place of the first ones. The contents' number column has one width
 * whatever it holds, so the front pages stay as many and nothing after them moves; if they did
 * not, the whole book is laid out again with the numbers (checked, up to three times). Then the
 * pages are painted, each with its photos, and streamed.
 */
export async function renderBookPdf(written: BookContent, size: PaperSize, onProgress?: (progress: BookProgress) => void): Promise<NodeJS.ReadableStream> {
  registerBookFonts();
  onProgress?.({ phase: "arranging" });
  const content = await printableContent(written);
  const page = PAGE_GEOMETRY[size];
  const info = { title: content.title, author: content.contributors.join(", ") };
  const paint = (book: LaidOutBook) => paintBook(book, page, info, onProgress && ((done, total) => onProgress({ phase: "pages", done, total })));
  const whole = await layOutBook(createElement(BookDocument, { content, size, numbers: null }));
  if (content.chapters.length === 0) return paint(whole);

  let numbers = numbersOf(whole, content);
  const frontPages = numbers.chapters[0]! - 1;
  const front = await layOutBook(createElement(BookDocument, { content, size, numbers, part: "front" }));
  if (front.pageCount === frontPages) {
    const pages = [...(front.layout.children ?? []), ...(whole.layout.children ?? []).slice(frontPages)];
    return paint({ layout: { ...whole.layout, children: pages }, pageCount: pages.length, anchors: whole.anchors });
  }
  for (let attempt = 0; ; attempt += 1) {
    const book = await layOutBook(createElement(BookDocument, { content, size, numbers }));
    const placed = numbersOf(book, content);
    if (sameNumbers(placed, numbers) || attempt === 2) return paint(book);
    numbers = placed;
  }
}
