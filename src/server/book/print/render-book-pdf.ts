import "server-only";
import { createElement } from "react";
import type { BookComment, BookContent, BookFollowUp, BookItem, BookVoice, PaperSize } from "./book-content";
import { BookDocument, type BookPart, type ContentsNumbers } from "./pdf/book-document";
import { printableText, registerBookFonts } from "./pdf/fonts";
import { PAGE_GEOMETRY } from "./pdf/page-geometry";
import { layOutBook, paintBook, type LaidOutBook } from "./pdf/paint-book";

/**
 * Where the making of a book is: arranging the pages (no count yet), then painting each page
 * with its photos, which are fetched as their page comes (docs/decisions/032-books-at-scale.md).
 */
export type BookProgress = { phase: "arranging" } | { phase: "pages"; done: number; total: number };

/** The book's words, less the characters its faces cannot print (emoji, scripts they lack). */
async function printableContent(content: BookContent): Promise<BookContent> {
  const keep = await printableText();
  const comments = (list: BookComment[] | undefined) => list?.map((comment) => ({ ...comment, author: keep(comment.author), body: keep(comment.body) }));
  const followUps = (list: BookFollowUp[] | undefined) =>
    list?.map((followUp) => ({
      askedBy: keep(followUp.askedBy),
      question: keep(followUp.question),
      answer: keep(followUp.answer),
      ...(followUp.voice && { voice: voice(followUp.voice) }),
    }));
  const voice = (told: BookVoice | undefined) => told && { ...told, transcript: told.transcript && keep(told.transcript) };
  const item = (entry: BookItem): BookItem =>
    entry.kind === "memory"
      ? {
          ...entry,
          title: keep(entry.title),
          author: keep(entry.author),
          taggedNames: entry.taggedNames.map(keep),
          content: keep(entry.content),
          voice: voice(entry.voice),
          followUps: followUps(entry.followUps),
          comments: comments(entry.comments),
        }
      : {
          ...entry,
          questionnaireTitle: keep(entry.questionnaireTitle),
          author: keep(entry.author),
          answers: entry.answers.map((answer) => ({
            ...answer,
            question: keep(answer.question),
            answer: keep(answer.answer),
            voice: voice(answer.voice),
            followUps: followUps(answer.followUps),
            comments: comments(answer.comments),
          })),
        };
  return {
    ...content,
    title: keep(content.title),
    contributors: content.contributors.map(keep),
    chapters: content.chapters.map((chapter) => ({ title: keep(chapter.title), items: chapter.items.map(item) })),
  };
}

/** Pages of chapters whose layouts are kept from the first pass to be painted; the rest are laid out again. */
const KEPT_PAGES = 120;

/**
 * Lays the book out a part at a time (with boxes where photos go: no photo is loaded to lay it
 * out): the title page and contents with dashes for the numbers, then each chapter and the
 * closing page, each on its own page, counting their pages. The contents are then laid out with
 * the numbers; their number column has one width, so they stay as many pages (if not, the numbers
 * follow and they are laid out again, up to three times). Then the pages are painted, each with
 * its photos, and streamed. The parts' layouts are kept from the first pass up to KEPT_PAGES
 * pages; a later part is laid out again when its turn comes, so a long book never holds more than
 * that and one chapter (docs/decisions/032-books-at-scale.md).
 */
export async function renderBookPdf(
  written: BookContent,
  size: PaperSize,
  onProgress?: (progress: BookProgress) => void,
  { keptPages = KEPT_PAGES }: { keptPages?: number } = {},
): Promise<NodeJS.ReadableStream> {
  registerBookFonts();
  onProgress?.({ phase: "arranging" });
  const content = await printableContent(written);
  const page = PAGE_GEOMETRY[size];
  const info = { title: content.title, author: content.contributors.join(", ") };
  const layOut = (part: BookPart, numbers: ContentsNumbers | null) => layOutBook(createElement(BookDocument, { content, size, numbers, part }));
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  let front = await layOut("front", null);
  const parts: BookPart[] = content.chapters.length === 0 ? [] : [...content.chapters.map((_, chapter) => ({ chapter })), "closing" as const];
  const body: { part: BookPart; pageCount: number; laidOut: LaidOutBook | null }[] = [];
  let kept = 0;
  for (const part of parts) {
    const laidOut = await layOut(part, null);
    const keep = kept + laidOut.pageCount <= keptPages;
    if (keep) kept += laidOut.pageCount;
    body.push({ part, pageCount: laidOut.pageCount, laidOut: keep ? laidOut : null });
    await tick();
  }
  if (parts.length > 0) {
    const numbersAfter = (frontPages: number): ContentsNumbers => {
      const starts = body.map((_, index) => frontPages + 1 + body.slice(0, index).reduce((sum, entry) => sum + entry.pageCount, 0));
      return { chapters: starts.slice(0, -1), closing: starts.at(-1)! };
    };
    for (let attempt = 0, frontPages = front.pageCount; ; attempt += 1) {
      front = await layOut("front", numbersAfter(frontPages));
      if (front.pageCount === frontPages || attempt === 2) break;
      frontPages = front.pageCount;
    }
  }
  const pageCount = front.pageCount + body.reduce((sum, entry) => sum + entry.pageCount, 0);
  async function* pages() {
    yield* front.layout.children ?? [];
    for (const entry of body) {
      const laidOut = entry.laidOut ?? (await layOut(entry.part, null));
      entry.laidOut = null;
      yield* laidOut.layout.children ?? [];
    }
  }
  return paintBook(
    { document: front.layout, pageCount, pages: pages() },
    page,
    info,
    onProgress && ((done, total) => onProgress({ phase: "pages", done, total })),
    { folioSize: content.largePrint ? 12 : 9 },
  );
}
