import "server-only";
import { createElement } from "react";
import type { BookContent, BookItem, BookPhoto, PaperSize } from "./book-content";
import { BookDocument, chapterAnchor, CLOSING_ANCHOR, type ContentsNumbers } from "./pdf/book-document";
import { printableText, registerBookFonts } from "./pdf/fonts";
import { layOutBook, paintBook, type LaidOutBook } from "./pdf/paint-book";

/**
 * Where the making of a book is: arranging the pages (no count yet), preparing its photos (each
 * decoded and scaled once, during the second layout) and laying out each page as it is painted.
 */
export type BookProgress =
  | { phase: "arranging" }
  | { phase: "photos"; done: number; total: number; pageCount: number }
  | { phase: "pages"; done: number; total: number };
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

/** The content with each photo's loader reporting, the first time it finishes, how many are ready. */
function countPhotoLoads(content: BookContent, onLoaded: (done: number, total: number) => void): BookContent {
  const photos = [content.cover, ...content.chapters.flatMap((chapter) => chapter.items.flatMap((item) => (item.kind === "memory" ? item.photos : [])))].filter(
    (photo) => photo !== null,
  );
  let done = 0;
  const counted = (photo: BookPhoto): BookPhoto => {
    const load = photo.load;
    let result: Promise<Buffer> | undefined;
    return {
      ...photo,
      load: () =>
        (result ??= load().then((bytes) => {
          done += 1;
          onLoaded(done, photos.length);
          return bytes;
        })),
    };
  };
  return {
    ...content,
    cover: content.cover && counted(content.cover),
    chapters: content.chapters.map((chapter) => ({
      ...chapter,
      items: chapter.items.map((item) => (item.kind === "memory" ? { ...item, photos: item.photos.map(counted) } : item)),
    })),
  };
}

const sameNumbers = (a: ContentsNumbers, b: ContentsNumbers) => a.closing === b.closing && a.chapters.every((page, index) => page === b.chapters[index]);

/**
 * Lays the book out twice: the first layout finds the page each chapter starts on (with empty
 * boxes where photos go, so nothing is decoded), the second prints those numbers in the contents,
 * whose number column has one width whatever it holds, so the pages stay where they were (checked:
 * a third layout would follow if they moved). Then the pages are painted and streamed.
 */
export async function renderBookPdf(written: BookContent, size: PaperSize, onProgress?: (progress: BookProgress) => void): Promise<NodeJS.ReadableStream> {
  registerBookFonts();
  onProgress?.({ phase: "arranging" });
  // The first layout's page count, which the photos' progress shows while the second layout runs.
  let pageCount = 0;
  const printable = await printableContent(written);
  const content = onProgress ? countPhotoLoads(printable, (done, total) => onProgress({ phase: "photos", done, total, pageCount })) : printable;
  const page = PAGE_GEOMETRY[size];
  const empty = content.chapters.length === 0;
  let numbers: ContentsNumbers | null = null;
  if (!empty) {
    const first = await layOutBook(createElement(BookDocument, { content, size, numbers: null, layoutOnly: true }));
    numbers = numbersOf(first, content);
    pageCount = first.pageCount;
  }
  for (let attempt = 0; ; attempt += 1) {
    const book = await layOutBook(createElement(BookDocument, { content, size, numbers, layoutOnly: false }));
    const placed = empty ? null : numbersOf(book, content);
    if (!placed || !numbers || sameNumbers(placed, numbers) || attempt === 2) {
      return paintBook(book, page, { title: content.title, author: content.contributors.join(", ") }, onProgress && ((done, total) => onProgress({ phase: "pages", done, total })));
    }
    numbers = placed;
  }
}
