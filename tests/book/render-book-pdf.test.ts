import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { chaptersByYear, type BookContent, type BookItem } from "@/server/book/book-content";
import { renderBookPdf } from "@/server/book/render-book-pdf";
import { readPdf, streamToBuffer } from "../helpers/pdf-text";

const photo = (id: string, width = 1200, height = 900) => ({
  id,
  width,
  height,
  load: () => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 80 } } }).jpeg().toBuffer(),
});

const items: BookItem[] = [
  {
    kind: "memory",
    id: "m1",
    title: "The summer at Lake Ørsted",
    date: "1962-07-14",
    author: "Zoë Ñúñez",
    taggedNames: ["Łukasz Nowak"],
    content: "We rowed across the lake at dawn.\n\nGrandpa caught nothing, and laughed about it all week.",
    photos: [photo("p1"), photo("p2", 900, 1200)],
  },
  {
    kind: "answers",
    id: "s1",
    questionnaireTitle: "Childhood Memories",
    date: "1962-09-01",
    author: "Łukasz Nowak",
    answers: [
      { question: "Where and when were you born?", answer: "In Kraków, in a snowstorm." },
      { question: "What is your earliest memory?", answer: "My mother's bread." },
    ],
  },
  {
    kind: "memory",
    id: "m2",
    title: "Our first house",
    date: "1975-03-02",
    author: "Zoë Ñúñez",
    taggedNames: [],
    content: "It had a red door.",
    photos: [],
  },
];

const book = (chapterItems: BookItem[]): BookContent => ({
  title: "The Ñúñez Family",
  period: "1962 – 1975",
  contributors: ["Zoë Ñúñez", "Łukasz Nowak"],
  chapters: chaptersByYear(chapterItems),
  generatedOn: "2026-11-22",
});

describe("the printed Family Book", () => {
  it("has a title page, contents with page numbers, a chapter per year in date order and a closing page", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(items), "A4")));

    expect(pdf.pages[0]).toContain("The Ñúñez Family");
    expect(pdf.pages[0]).toContain("1962 – 1975");
    expect(pdf.pages[0]).toContain("Zoë Ñúñez · Łukasz Nowak");
    expect(pdf.pages[1]).toContain("Contents");
    expect(pdf.pages[1]).toMatch(/1962\s+2 stories\s*3/);
    expect(pdf.pages[1]).toMatch(/1975\s+1 story\s*\d+/);
    expect(pdf.pages.at(-1)).toContain("To be continued");

    const text = pdf.text;
    const order = ["The summer at Lake Ørsted", "Childhood Memories", "Our first house"].map((title) => text.indexOf(title));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("July 14, 1962 · by Zoë Ñúñez · with Łukasz Nowak");
    expect(text).toContain("Answered by Łukasz Nowak on September 1, 1962");
    expect(text).toContain("Where and when were you born?");
    expect(text).toContain("In Kraków, in a snowstorm.");
    expect(pdf.images).toBe(2);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(5);
    expect(pdf.pageCount).toBeLessThanOrEqual(7);
    expect(pdf.pages.slice(1).join(" ")).toMatch(/\b2\b/);
  });

  it("numbers the contents with the page each chapter really starts on", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(items), "LETTER")));
    const listed = Number(/1975\s+1 story\s*(\d+)/.exec(pdf.pages[1]!)![1]);
    expect(pdf.pages[listed - 1]).toContain("Our first house");
  });

  it("makes a friendly one-page book when nothing has been shared", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf({ ...book([]), period: null, contributors: [] }, "A4")));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.text).toContain("Nothing has been shared in this book yet.");
  });
});
