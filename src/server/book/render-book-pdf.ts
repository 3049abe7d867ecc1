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
 * Lays the book out twice (with boxes where photos go: no photo is loaded to lay it out): the first
 * layout finds the page each chapter starts on, the second prints those numbers in the contents,
 * whose number column has one width whatever it holds, so the pages stay where they were (checked:
 * a third layout would follow if they moved). Then the pages are painted, each with its photos, and streamed.
 */
export async function renderBookPdf(written: BookContent, size: PaperSize, onProgress?: (progress: BookProgress) => void): Promise<NodeJS.ReadableStream> {
  registerBookFonts();
  onProgress?.({ phase: "arranging" });
  const content = await printableContent(written);
  const page = PAGE_GEOMETRY[size];
  const empty = content.chapters.length === 0;
  let numbers: ContentsNumbers | null = null;
  if (!empty) {
    const first = await layOutBook(createElement(BookDocument, { content, size, numbers: null }));
    numbers = numbersOf(first, content);
  }
  for (let attempt = 0; ; attempt += 1) {
    const book = await layOutBook(createElement(BookDocument, { content, size, numbers }));
    const placed = empty ? null : numbersOf(book, content);
    if (!placed || !numbers || sameNumbers(placed, numbers) || attempt === 2) {
      return paintBook(book, page, { title: content.title, author: content.contributors.join(", ") }, onProgress && ((done, total) => onProgress({ phase: "pages", done, total })));
    }
    numbers = placed;
  }
}
