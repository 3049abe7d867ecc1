import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAPER_SIZES } from "@/lib/schemas/family-book";
import { chaptersOf, type BookContent, type BookItem, type BookMemory, type ChapterKind } from "@/server/book/print/book-content";
import { mirrorShift, PAGE_GEOMETRY } from "@/server/book/print/pdf/page-geometry";
import { renderBookPdf, type BookProgress } from "@/server/book/print/render-book-pdf";
import { readPdf, streamToBuffer } from "../helpers/pdf-text";

const jpegs = new Map<string, Promise<Buffer>>();
const photo = (id: string, width = 1200, height = 900) => ({
  id,
  width,
  height,
  load: () => {
    const key = `${width}x${height}`;
    if (!jpegs.has(key))
      jpegs.set(
        key,
        sharp({ create: { width: width / 10, height: height / 10, channels: 3, background: { r: 180, g: 120, b: 80 } } })
          .jpeg()
          .toBuffer(),
      );
    return jpegs.get(key)!;
  },
});

const items: BookItem[] = [
  {
    kind: "memory",
    id: "m1",
    title: "The summer at Lake Ørsted",
    date: "1962-07-14",
    author: "Zoë Ñúñez",
    authorId: "zoe",
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
    authorId: "lukasz",
    answers: [
      { question: "Where and when were you born?", answer: "In Kraków, in a snowstorm." },
      { question: "What is your earliest memory?", answer: "My mother's bread." },
      { question: "Who taught you to swim?", answer: "" },
    ],
  },
  {
    kind: "memory",
    id: "m2",
    title: "Our first house",
    date: "1975-03-02",
    author: "Zoë Ñúñez",
    authorId: "zoe",
    taggedNames: [],
    content: "It had a red door.",
    photos: [],
  },
];

const book = (chapterItems: BookItem[], chapters: ChapterKind = "year", cover: BookContent["cover"] = null): BookContent => ({
  title: "The Ñúñez Family",
  period: "1962 – 1975",
  contributors: ["Zoë Ñúñez", "Łukasz Nowak"],
  chapters: chaptersOf(chapterItems, chapters),
  cover,
  generatedOn: "2026-11-22",
});

const story = (words: number) =>
  Array.from({ length: words }, (_, index) => ["we", "rowed", "across", "the", "lake", "at", "dawn", "and", "laughed"][index % 9]).join(" ");

/** A year of weekly memories, each with a long story and two photos: a book of many pages. */
const weeks = (count: number, photos = 2): BookMemory[] =>
  Array.from({ length: count }, (_, week) => ({
    kind: "memory",
    id: `week-${week}`,
    title: `Week ${week + 1} at the allotment`,
    date: new Date(Date.UTC(2024, 0, 7 + 7 * week)).toISOString().slice(0, 10),
    author: week % 3 === 0 ? "Łukasz Nowak" : "Zoë Ñúñez",
    authorId: week % 3 === 0 ? "lukasz" : "zoe",
    taggedNames: [],
    content: "We dug, we planted and we drank tea in the shed while it rained. ".repeat(20),
    photos: Array.from({ length: photos }, (_, index) => photo(`week-${week}-${index}`, 2400, 1800)),
  }));

describe("the printed Family Book", () => {
  it("has a title page, contents with page numbers, a chapter per year in date order and a closing page", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(items), "A4")));

    expect(pdf.pages[0]).toContain("The Ñúñez Family");
    expect(pdf.pages[0]).toContain("1962 – 1975");
    expect(pdf.pages[0]).toContain("Zoë Ñúñez · Łukasz Nowak");
    expect(pdf.pages[1]).toContain("Contents");
    expect(pdf.pages[1]).toMatch(/1962\s+2 stories\s*3/);
    expect(pdf.pages[1]).toMatch(/1975\s+1 story\s*\d+/);
    expect(pdf.pages[1]).toMatch(/To be continued\s*\d+/);
    expect(pdf.pages.at(-1)).toContain("To be continued");

    const text = pdf.text;
    const order = ["The summer at Lake Ørsted", "Childhood Memories", "Our first house"].map((title) => text.indexOf(title));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("July 14, 1962 · by Zoë Ñúñez · with Łukasz Nowak");
    expect(text).toContain("Answered by Łukasz Nowak on September 1, 1962");
    expect(text).toContain("Where and when were you born?");
    expect(text).toContain("In Kraków, in a snowstorm.");
    expect(text).toMatch(/Who taught you to swim\?\s*No answer provided/);
    expect(pdf.images).toBe(2);
    expect(pdf.info.Title).toBe("The Ñúñez Family");
  });

  it.each(PAPER_SIZES)("prints its number on every %s page, and the contents lead to the pages they name", async (size) => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book([...items, ...weeks(6, 1)]), size)));
    expect(pdf.pageCount).toBeGreaterThan(6);
    expect(pdf.folios).toEqual(pdf.pages.map((_, index) => String(index + 1)));

    const contents = pdf.links.filter((link) => link.page === 2);
    expect(contents.map((link) => link.text.replace(/\s*\d+$/, ""))).toEqual(["1962 2 stories", "1975 1 story", "2024 6 stories", "To be continued"]);
    for (const link of contents) {
      expect(link.text).toMatch(new RegExp(` ${link.target}$`));
      expect(pdf.pages[link.target - 1]).toContain(link.text.split(" ")[0] === "To" ? "To be continued" : link.text.split(" ")[0]);
    }
    expect(contents.at(-1)!.target).toBe(pdf.pageCount);
    // The bookmarks beside the pages open the same pages (each page is painted on its own).
    expect(pdf.outline).toEqual([
      { title: "Contents", page: 2 },
      ...contents.slice(0, -1).map((link) => ({ title: link.text.split(" ")[0], page: link.target })),
    ]);
  });

  it("reports its progress: arranging, then each page painted with its photos, up to the book's last page", async () => {
    const events: BookProgress[] = [];
    const loaded: number[] = [];
    const content = book([...items, ...weeks(4, 1)]);
    // Each photo is fetched once, while its page (or the one before it) is painted: none during the layouts.
    for (const chapter of content.chapters) {
      for (const item of chapter.items) {
        if (item.kind !== "memory") continue;
        item.photos = item.photos.map((entry) => ({ ...entry, load: () => (loaded.push(events.length), entry.load()) }));
      }
    }
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(content, "A4", (progress) => events.push(progress))));

    expect(events[0]).toEqual({ phase: "arranging" });
    const pages = events.filter((event) => event.phase === "pages");
    expect(pages.map((event) => event.done)).toEqual(pdf.pages.map((_, index) => index + 1));
    expect(pages.every((event) => event.total === pdf.pageCount)).toBe(true);
    expect(events.map((event) => event.phase)).toEqual(["arranging", ...pages.map(() => "pages")]);
    expect(loaded).toHaveLength(6);
    expect(loaded.every((eventsBefore) => eventsBefore >= 1)).toBe(true);
  });

  it("mirrors the margins: the wide one is at the spine, left on right-hand pages and right on left-hand ones", async () => {
    for (const size of PAPER_SIZES) {
      const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(weeks(6, 0)), size)));
      const page = PAGE_GEOMETRY[size];
      // The contents (page 2) and the pages of justified story after it start at the margin.
      expect(pdf.leftEdges.slice(1, 5)).toEqual([page.outer, page.inner, page.inner - mirrorShift(page), page.inner].map((edge) => expect.closeTo(edge, 1)));
      expect(page.inner).toBeGreaterThan(page.outer);
    }
  });

  it("makes a chapter per member when asked, each in date order", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(items, "member"), "LETTER")));
    const contents = pdf.links.filter((link) => link.page === 2).map((link) => link.text.replace(/\s*\d+$/, ""));
    expect(contents).toEqual(["Zoë Ñúñez 2 stories", "Łukasz Nowak 1 story", "To be continued"]);
    const zoe = pdf.text.indexOf("Zoë Ñúñez\n2 stories");
    expect(zoe).toBeGreaterThan(0);
    expect(pdf.text.indexOf("The summer at Lake Ørsted")).toBeGreaterThan(zoe);
    expect(pdf.text.indexOf("Our first house")).toBeGreaterThan(pdf.text.indexOf("The summer at Lake Ørsted"));
    expect(pdf.text.indexOf("Childhood Memories")).toBeGreaterThan(pdf.text.indexOf("Our first house"));
  });

  it("puts the chosen cover photo on the title page", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(items, "year", photo("cover", 3000, 2000)), "6x9")));
    expect(pdf.pageImages[0]).toBe(1);
    expect(pdf.images).toBe(3);
    expect(pdf.pages[0]).toContain("The Ñúñez Family");
  });

  it("keeps a memory's title with the first lines of its story, and a question with its answer's, wherever the page ends", async () => {
    // The filler grows a line at a time, so the title and the question fall at every height of a page's foot.
    for (let words = 330; words <= 470; words += 10) {
      const filler: BookMemory = { ...weeks(1, 0)[0]!, id: "filler", title: "Filler", content: story(words) };
      const memory: BookMemory = { ...weeks(1, 0)[0]!, id: "kept", date: "2024-01-08", title: "The title to keep", content: `Firstline ${story(200)}` };
      const answers: BookItem = {
        kind: "answers",
        id: "kept-answers",
        questionnaireTitle: "Kept questions",
        date: "2024-01-09",
        author: "Zoë Ñúñez",
        authorId: "zoe",
        answers: [
          { question: "First question?", answer: `Answerone ${story(words - 250)}` },
          { question: "Second question?", answer: `Answertwo ${story(120)}` },
        ],
      };
      const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book([filler, memory, answers]), "6x9")));
      const pageOf = (text: string) => pdf.pages.findIndex((page) => page.includes(text));
      expect(pageOf("The title to keep"), `${words} words`).toBe(pageOf("Firstline"));
      expect(pageOf("Kept questions"), `${words} words`).toBe(pageOf("Answerone"));
      expect(pageOf("Second question?"), `${words} words`).toBe(pageOf("Answertwo"));
    }
  }, 120_000);

  it("renders a year of 16 weekly memories, each with two 2400×1800 landscape photos, on a dozen and more pages", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf(book(weeks(16)), "A4")));
    expect(pdf.pageCount).toBeGreaterThan(12);
    expect(pdf.images).toBe(32);
    expect(pdf.text).toContain("Week 16 at the allotment");
    expect(pdf.folios).toEqual(pdf.pages.map((_, index) => String(index + 1)));
  });

  it("lays out again, as it paints them, the chapters whose first layout it let go of: the same book, page for page", async () => {
    const content = book([...items, ...weeks(9, 1)]);
    const kept = await readPdf(await streamToBuffer(await renderBookPdf(content, "LETTER")));
    const laidOutAgain = await readPdf(await streamToBuffer(await renderBookPdf(content, "LETTER", undefined, { keptPages: 0 })));
    expect(laidOutAgain.pages).toEqual(kept.pages);
    expect(laidOutAgain.links).toEqual(kept.links);
    expect(laidOutAgain.outline).toEqual(kept.outline);
    expect(laidOutAgain.pageImages).toEqual(kept.pageImages);
    expect(kept.images).toBeGreaterThan(0);
  });

  it("prints Greek, Cyrillic, Hebrew and Arabic in embedded faces, and leaves out what no face has (emoji)", async () => {
    const memory: BookMemory = {
      ...weeks(1, 0)[0]!,
      title: "Ἀλέξανδρος and Дмитрий at the lake 🎉",
      author: "דוד כהן",
      taggedNames: ["مريم الحسيني", "Nana 👵 Rose"],
      content: "We rowed 🚣 across the lake. Ευχαριστώ!",
    };
    const bytes = await streamToBuffer(await renderBookPdf({ ...book([memory]), title: "The Family 👪" }, "A4"));
    const pdf = await readPdf(bytes);
    expect(pdf.pages[0]).toContain("The Family");
    expect(pdf.pages[2]).toContain("Ἀλέξανδρος and Дмитрий at the lake\n");
    expect(pdf.pages[2]).toContain("We rowed across the lake. Ευχαριστώ!");
    expect(pdf.pages[2]).toContain("Nana Rose");
    for (const word of ["דוד", "כהן", "مريم", "الحسيني"]) expect(pdf.pages[2]).toContain(word);
    expect(pdf.text).not.toMatch(/\p{Extended_Pictographic}/u);
    // Every face is embedded: none of the PDF's standard fonts, which the printer would substitute.
    expect(bytes.toString("latin1")).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it("makes a friendly one-page book when nothing has been shared", async () => {
    const pdf = await readPdf(await streamToBuffer(await renderBookPdf({ ...book([]), period: null, contributors: [] }, "A4")));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.text).toContain("Nothing has been shared in this book yet.");
  });
});
