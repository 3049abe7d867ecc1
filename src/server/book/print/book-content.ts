import type { ChapterKind } from "@/lib/schemas/family-book";

// What goes into a printed Family Book, already filtered to what the reader may see and in
// reading order. The PDF components only lay this out.

export type BookPhoto = {
  id: string;
  width: number;
  height: number;
  /** Loads the print-ready JPEG bytes (its print variant) when its page is painted; nothing is kept. */
  load: () => Promise<Buffer>;
};

/** A comment printed under its story when the book includes comments. */
export type BookComment = { author: string; date: string; body: string };

/**
 * A story told out loud, as the book prints it (docs/decisions/043-listen-codes.md): its length, the
 * words said, and the address its QR code leads to, where whoever holds the book hears it.
 */
export type BookVoice = { durationSeconds: number; transcript: string | null; listenUrl: string };

/** An answered "Tell us more" question, printed under its story (docs/product.md §22). */
export type BookFollowUp = {
  askedBy: string;
  question: string;
  answer: string;
  /** The answer told out loud: its words and the code that plays it. */
  voice?: BookVoice;
};

export type BookMemory = {
  kind: "memory";
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  authorId: string;
  taggedNames: string[];
  content: string;
  photos: BookPhoto[];
  /** The story told out loud, when its author recorded it. */
  voice?: BookVoice;
  /** The family's questions about it and the author's answers, printed under the story. */
  followUps?: BookFollowUp[];
  /** Printed under the story when the book includes comments. */
  comments?: BookComment[];
};

export type BookAnswers = {
  kind: "answers";
  id: string;
  questionnaireTitle: string;
  /** YYYY-MM-DD, the day the answers were given */
  date: string;
  author: string;
  authorId: string;
  /** Each answer, with the photos its author gave with it (printed under it). */
  answers: { question: string; answer: string; photos?: BookPhoto[]; voice?: BookVoice; followUps?: BookFollowUp[]; comments?: BookComment[] }[];
};

export type BookItem = BookMemory | BookAnswers;

/** A chapter: a year ("1962") or a member ("Zoë Ñúñez"), its items oldest first. */
export type BookChapter = { title: string; items: BookItem[] };

export type BookContent = {
  title: string;
  /** e.g. "1962 – 2024", or null for an empty book */
  period: string | null;
  contributors: string[];
  chapters: BookChapter[];
  /** The photo on the title page, one of the family's shared photos, or null. */
  cover: BookPhoto | null;
  generatedOn: string;
  /** The large-print edition: every size of type scaled up with the story's 14.5 pt. */
  largePrint?: boolean;
};

export type { ChapterKind, PaperSize } from "@/lib/schemas/family-book";

/** Groups items (already sorted oldest first) into chapters by year. */
export function chaptersByYear(items: BookItem[]): BookChapter[] {
  const chapters: BookChapter[] = [];
  for (const item of items) {
    const year = item.date.slice(0, 4);
    const current = chapters.at(-1);
    if (current?.title === year) current.items.push(item);
    else chapters.push({ title: year, items: [item] });
  }
  return chapters;
}

/** Groups items (already sorted oldest first) into a chapter per member, in the order they first wrote. */
export function chaptersByMember(items: BookItem[]): BookChapter[] {
  const chapters = new Map<string, BookChapter>();
  for (const item of items) {
    const chapter = chapters.get(item.authorId) ?? { title: item.author, items: [] };
    chapter.items.push(item);
    chapters.set(item.authorId, chapter);
  }
  return [...chapters.values()];
}

export const chaptersOf = (items: BookItem[], kind: ChapterKind) => (kind === "member" ? chaptersByMember(items) : chaptersByYear(items));
