// What goes into a printed Family Book, already filtered to what the reader may see and in
// reading order. The PDF components only lay this out.

export type BookPhoto = {
  id: string;
  width: number;
  height: number;
  /** Loads the print-ready JPEG bytes (downscaled, one at a time) when the page is laid out. */
  load: () => Promise<Buffer>;
};

export type BookMemory = {
  kind: "memory";
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  taggedNames: string[];
  content: string;
  photos: BookPhoto[];
};

export type BookAnswers = {
  kind: "answers";
  id: string;
  questionnaireTitle: string;
  /** YYYY-MM-DD, the day the answers were given */
  date: string;
  author: string;
  answers: { question: string; answer: string }[];
};

export type BookItem = BookMemory | BookAnswers;

export type BookChapter = { year: number; items: BookItem[] };

export type BookContent = {
  title: string;
  /** e.g. "1962 – 2024", or null for an empty book */
  period: string | null;
  contributors: string[];
  chapters: BookChapter[];
  generatedOn: string;
};

export type PaperSize = "A4" | "LETTER";

/** Groups items (already sorted oldest first) into chapters by year. */
export function chaptersByYear(items: BookItem[]): BookChapter[] {
  const chapters: BookChapter[] = [];
  for (const item of items) {
    const year = Number(item.date.slice(0, 4));
    const current = chapters.at(-1);
    if (current?.year === year) current.items.push(item);
    else chapters.push({ year, items: [item] });
  }
  return chapters;
}
