import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAPER_SIZES, type ChapterKind, type PaperSize } from "@/lib/schemas/family-book";
import { chaptersOf, type BookAnswers, type BookContent, type BookItem, type BookMemory, type BookPhoto } from "@/server/book/print/book-content";
import { renderBookPdf } from "@/server/book/print/render-book-pdf";
import { readPdf, streamToBuffer } from "../helpers/pdf-text";

// Every book renders, whatever the family wrote: generated families of 0–60 memories with 0–5
// photos of any shape, texts from empty to 20,000 characters (unbroken 300-character words,
// emoji, right-to-left and accented names), answers long and empty. `npm test` makes a few dozen
// with a fixed seed; BOOK_FAMILIES=500 (and BOOK_SEED) makes more, and BOOK_SEED with the path
// fast-check reports (BOOK_PATH) makes a failing family again.

const FAMILIES = Number(process.env.BOOK_FAMILIES ?? 36);
const SEED = Number(process.env.BOOK_SEED ?? 20261122);

const NAMES = [
  "Zoë Ñúñez",
  "Łukasz Ørsted",
  "مريم الحسيني",
  "דוד כהן",
  "Nguyễn Thị Hương",
  "Siobhán Ó Dálaigh",
  "Nana 👵 Rose",
  "Jo",
  "Ἀλέξανδρος Παπαδόπουλος",
  "François-Xavier de la Tour d'Auvergne",
];
const WORDS = [
  "the",
  "lake",
  "at",
  "dawn",
  "Grandpa",
  "laughed",
  "all",
  "week",
  "smörgåsbord",
  "crème",
  "brûlée",
  "שלום",
  "مرحبا",
  "🎉",
  "👨‍👩‍👧",
  "naïve",
  "Zürich",
  "we",
  "rowed",
  "across",
];

/** Photos come in every shape: panoramas, tall portraits, tiny, huge, and anything between. */
const shape = fc.oneof(
  fc.constantFrom<[number, number]>(
    [6000, 800],
    [12000, 900],
    [800, 4000],
    [500, 6000],
    [40, 30],
    [1, 1],
    [12000, 9000],
    [2400, 1800],
    [1800, 2400],
    [1000, 1000],
  ),
  fc.tuple(fc.integer({ min: 1, max: 12000 }), fc.integer({ min: 1, max: 12000 })),
);

const jpegs = new Map<string, Promise<Buffer>>();
/** A small JPEG of the photo's shape (the layout reads the stored width and height, not the file's). */
function photoOf(id: string, [width, height]: [number, number]): BookPhoto {
  const scale = 48 / Math.max(width, height);
  const size = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))] as const;
  const key = size.join("x");
  return {
    id,
    width,
    height,
    load: () => {
      if (!jpegs.has(key))
        jpegs.set(
          key,
          sharp({ create: { width: size[0], height: size[1], channels: 3, background: { r: 150, g: 110, b: 80 } } })
            .jpeg()
            .toBuffer(),
        );
      return jpegs.get(key)!;
    },
  };
}

const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 30 }).map((words) => `${words.join(" ")}.`);
const paragraph = fc.oneof(
  { weight: 6, arbitrary: fc.array(sentence, { minLength: 1, maxLength: 6 }).map((sentences) => sentences.join(" ")) },
  { weight: 1, arbitrary: fc.constant("x".repeat(300)) },
  { weight: 1, arbitrary: fc.constantFrom("🎉".repeat(120), "مرحبا ".repeat(80), "a") },
);
/** Texts from empty to 20,000 characters, mostly short (every character is laid out twice). */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 12, arbitrary: fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("\n\n")) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 2000, max: 20000 })
      .map((length) => "We rowed across the lake at dawn and laughed all week. ".repeat(length / 55 + 1).slice(0, length)),
  },
);
const name = fc.constantFrom(...NAMES);
const day = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const memory = fc.record({
  date: day,
  author: name,
  taggedNames: fc.array(name, { maxLength: 4 }),
  content: text,
  photos: fc.array(shape, { maxLength: 5 }),
});
const answers = fc.record({
  questionnaireTitle: fc.constantFrom("Childhood Memories", "Ερωτήσεις", "שאלות על המשפחה", "A".repeat(200)),
  date: day,
  author: name,
  answers: fc.array(fc.record({ question: fc.oneof(sentence, fc.constant("y".repeat(300))), answer: text }), { minLength: 1, maxLength: 6 }),
});
const family = fc.record({
  memories: fc.array(memory, { maxLength: 60 }),
  answers: fc.array(answers, { maxLength: 6 }),
  size: fc.constantFrom<PaperSize>(...PAPER_SIZES),
  chapters: fc.constantFrom<ChapterKind>("year", "member"),
  cover: fc.option(shape, { freq: 3 }),
});

type Family = typeof family extends fc.Arbitrary<infer T> ? T : never;

/** Each item carries markers the test can find: "Memory #007" and its story's first word "M007start". */
function bookOf(draft: Family): BookContent {
  const items: BookItem[] = [
    ...draft.memories.map((entry, index): BookMemory => ({
      kind: "memory",
      id: `m${index}`,
      title: `Memory #${String(index).padStart(3, "0")} ${entry.author}`,
      date: entry.date,
      author: entry.author,
      authorId: entry.author,
      taggedNames: entry.taggedNames,
      content: entry.content && `M${String(index).padStart(3, "0")}start ${entry.content}`,
      photos: entry.photos.map((photo, number) => photoOf(`m${index}-${number}`, photo)),
    })),
    ...draft.answers.map((entry, index): BookAnswers => ({
      kind: "answers",
      id: `a${index}`,
      ...entry,
      authorId: entry.author,
      answers: entry.answers.map((answer, number) => ({
        question: `Question #${index}.${number} ${answer.question}`,
        answer: answer.answer && `A${index}x${number}start ${answer.answer}`,
      })),
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    title: "The Ñúñez–الحسيني Family 👪",
    period: items.length > 0 ? `${items[0]!.date.slice(0, 4)} – ${items.at(-1)!.date.slice(0, 4)}` : null,
    contributors: [...new Set(items.map((item) => item.author))],
    chapters: chaptersOf(items, draft.chapters),
    cover: draft.cover ? photoOf("cover", draft.cover) : null,
    generatedOn: "2026-11-22",
  };
}

async function checkBook(draft: Family) {
  const content = bookOf(draft);
  const bytes = await streamToBuffer(await renderBookPdf(content, draft.size));
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.subarray(-8).toString()).toContain("%%EOF");
  // Every letter is printed in an embedded face, none in a standard font the printer would substitute.
  expect(bytes.toString("latin1")).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  const pdf = await readPdf(bytes);

  // Every page carries its own number.
  expect(pdf.folios).toEqual(pdf.pages.map((_, index) => String(index + 1)));

  const photos = content.chapters.flatMap((chapter) => chapter.items).reduce((sum, item) => sum + (item.kind === "memory" ? item.photos.length : 0), 0);
  expect(pdf.images).toBe(photos + (content.cover ? 1 : 0));
  if (content.chapters.length === 0) {
    expect(pdf.pageCount).toBe(1);
    return;
  }

  // The contents: a line per chapter and one for the closing page, each numbered with the page it
  // leads to; the last is the book's last page.
  const contents = pdf.links;
  expect(contents).toHaveLength(content.chapters.length + 1);
  for (const link of contents) expect(link.text).toMatch(new RegExp(`${link.target}$`));
  expect(contents.at(-1)!.target).toBe(pdf.pageCount);
  expect(pdf.pages.at(-1)).toContain("To be continued");

  // A title and a question always have the first lines of what they introduce on their page.
  for (const page of pdf.pages) {
    for (const [, index] of page.matchAll(/Memory #(\d{3})/g)) {
      const item = content.chapters.flatMap((chapter) => chapter.items).find((entry) => entry.id === `m${Number(index)}`) as BookMemory;
      if (item.content) expect(page).toContain(`M${index}start`);
    }
    for (const [, index, number] of page.matchAll(/Question #(\d+)\.(\d+)/g)) {
      const item = content.chapters.flatMap((chapter) => chapter.items).find((entry) => entry.id === `a${index}`) as BookAnswers;
      if (item.answers[Number(number)]!.answer) expect(page).toContain(`A${index}x${number}start`);
    }
  }
  // No page holds photos and nothing else.
  pdf.pageImages.forEach((count, index) => {
    if (count > 0) expect(pdf.pages[index]!.trim().length).toBeGreaterThan(0);
  });
}

describe("every Family Book renders", () => {
  it(`as a valid PDF, numbered on every page as its contents says (${FAMILIES} generated families)`, async () => {
    await fc.assert(fc.asyncProperty(family, checkBook), { numRuns: FAMILIES, seed: SEED, endOnFailure: true, path: process.env.BOOK_PATH });
  }, 600_000);
});
