import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadBook } from "@/app/api/family-book/pdf/route";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { libraryQuestionId, libraryQuestionnaireId } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { ORIGIN } from "../helpers/api";
import { readPdf } from "../helpers/pdf-text";

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let familyPhotoId: string;
let privatePhotoId: string;
let strangersPhotoId: string;

type PhotoSize = { width: number; height: number };

/** A memory as the app stores it; each photo's display size is at most 1600 px, its width and height the original's. */
async function memory(
  account: TestAccount,
  fields: { title: string; date: string; shared: boolean; content?: string; tagged?: string[]; photos?: number; photoSize?: PhotoSize },
) {
  const prisma = await getDb();
  const created = await prisma.memory.create({
    data: {
      user_id: account.user.id,
      family_id: account.user.family_id,
      title: fields.title,
      content: fields.content ?? `${fields.title}: the whole story.`,
      memory_date: new Date(`${fields.date}T00:00:00Z`),
      is_shared: fields.shared,
      memory_tags: { create: (fields.tagged ?? []).map((tagged_user_id) => ({ tagged_user_id })) },
    },
  });
  const { width, height } = fields.photoSize ?? { width: 1600, height: 1200 };
  const scale = Math.min(1, 1600 / Math.max(width, height));
  const photos = [];
  for (let index = 0; index < (fields.photos ?? 0); index += 1) {
    const key = `test/${created.id}/${index}/display.webp`;
    const bytes = await sharp({
      create: { width: Math.round(width * scale), height: Math.round(height * scale), channels: 3, background: { r: 30 * index, g: 120, b: 90 } },
    })
      .webp()
      .toBuffer();
    await getStorage().put(key, bytes, "image/webp");
    photos.push(
      await prisma.memoryPhoto.create({
        data: {
          memory_id: created.id,
          order_number: index,
          original_key: key,
          display_key: key,
          thumbnail_key: key,
          content_type: "image/webp",
          width,
          height,
          byte_size: bytes.length,
        },
      }),
    );
  }
  return { ...created, photos };
}

async function answers(account: TestAccount, fields: { date: string; shared: boolean; sharedQuestionSlugs?: string[] }) {
  const prisma = await getDb();
  const slugs = ["born", "earliest"];
  return prisma.submission.create({
    data: {
      questionnaire_id: libraryQuestionnaireId("childhood"),
      user_id: account.user.id,
      family_id: account.user.family_id,
      is_shared: fields.shared,
      created_at: new Date(`${fields.date}T12:00:00Z`),
      responses: {
        create: slugs.map((slug) => ({
          question_id: libraryQuestionId("childhood", slug),
          answer_text: `${account.user.first_name}'s answer about ${slug}`,
          is_shared: fields.sharedQuestionSlugs?.includes(slug) ?? false,
        })),
      },
    },
  });
}

async function fetchBook(account: TestAccount | null, query = "") {
  const headers = new Headers({ host: "localhost:3000" });
  if (account) headers.set("authorization", `Bearer ${account.token}`);
  const response = await downloadBook(new Request(`${ORIGIN}/api/family-book/pdf${query}`, { headers }), { params: Promise.resolve({}) });
  return response;
}

async function bookText(account: TestAccount, query = "") {
  const response = await fetchBook(account, query);
  expect(response.status).toBe(200);
  return readPdf(new Uint8Array(await response.arrayBuffer()));
}

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  const prisma = await getDb();
  await prisma.user.update({ where: { id: relative.user.id }, data: { first_name: "Łukasz", last_name: "Ørsted" } });
  familyPhotoId = (await memory(owner, { title: "Summer at the lake", date: "1990-07-14", shared: true, tagged: [relative.user.id], photos: 2 })).photos[0]!.id;
  privatePhotoId = (await memory(owner, { title: "My secret diary", date: "1991-01-01", shared: false, photos: 1 })).photos[0]!.id;
  await memory(relative, { title: "Graduation day", date: "2001-06-30", shared: true });
  strangersPhotoId = (await memory(stranger, { title: "Another family's picnic", date: "1995-05-05", shared: true, photos: 1 })).photos[0]!.id;
  await answers(relative, { date: "1999-03-01", shared: true });
  await answers(owner, { date: "2005-03-01", shared: false, sharedQuestionSlugs: ["earliest"] });
  await answers(owner, { date: "2006-03-01", shared: false });
  await answers(stranger, { date: "2004-03-01", shared: true });
}, 60_000);

describe("GET /api/family-book/pdf", () => {
  it("downloads the family's shared memories and answers as a PDF attachment", async () => {
    const response = await fetchBook(relative);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="the-hughes-family-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
  });

  it("holds the right items in date order, with accented names intact and photos embedded", async () => {
    const pdf = await bookText(owner);
    const text = pdf.text;
    expect(pdf.pages[0]).toContain("The Hughes Family");
    expect(pdf.pages[0]).toContain("1990 – 2005");
    const order = ["Summer at the lake", "Childhood Memories", "Graduation day"].map((title) => text.indexOf(title));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("with Łukasz Ørsted");
    expect(text).toContain("Answered by Łukasz Ørsted on March 1, 1999");
    expect(text).toContain("Tom's answer about born");
    expect(pdf.images).toBe(2);
  });

  it("includes an answer shared on its own, without the rest of its submission", async () => {
    const text = (await bookText(relative)).text;
    expect(text).toContain("Margaret's answer about earliest");
    expect(text).not.toContain("Margaret's answer about born");
  });

  it("never includes another family's items or anyone's unshared ones", async () => {
    for (const reader of [owner, relative]) {
      const text = (await bookText(reader)).text;
      expect(text).not.toContain("Another family's picnic");
      expect(text).not.toContain("Olga's answer");
      expect(text).not.toContain("My secret diary");
    }
    const strangersBook = (await bookText(stranger)).text;
    expect(strangersBook).toContain("Another family's picnic");
    expect(strangersBook).not.toContain("Summer at the lake");
  });

  it("filters by member", async () => {
    const text = (await bookText(owner, `?member=${relative.user.id}`)).text;
    expect(text).toContain("Graduation day");
    expect(text).toContain("Tom's answer about born");
    expect(text).not.toContain("Summer at the lake");
  });

  it("filters by date range", async () => {
    const text = (await bookText(owner, "?from=2000-01-01&to=2005-12-31&size=LETTER")).text;
    expect(text).toContain("Graduation day");
    expect(text).toContain("Margaret's answer about earliest");
    expect(text).not.toContain("Summer at the lake");
    expect(text).not.toContain("Tom's answer about born");
  });

  it("gives a friendly one-page book when nothing has been shared", async () => {
    const newcomer = await createAccount({ firstName: "Nina", lastName: "Solo" });
    const pdf = await bookText(newcomer);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.text).toContain("Nothing has been shared in this book yet.");
  });

  it.each([
    ["?size=A3", "Paper size must be A4, LETTER or 6x9"],
    ["?chapters=decade", "Chapters must be by year or by member"],
    ["?from=2024-02-30", "That date does not exist"],
    ["?from=2024-05-01&to=2024-04-01", "The start date must be on or before the end date"],
  ])("refuses %s with 400 and says why", async (query, message) => {
    const response = await fetchBook(owner, query);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
  });

  it("makes chapters per member, in 6 × 9 in, numbered on every page", async () => {
    const pdf = await bookText(owner, "?chapters=member&size=6x9");
    const contents = pdf.links.map((link) => link.text.replace(/\s*\d+$/, ""));
    expect(contents).toEqual(["Margaret Hughes 2 stories", "Łukasz Ørsted 2 stories", "To be continued"]);
    expect(pdf.folios).toEqual(pdf.pages.map((_, index) => String(index + 1)));
  });

  it("puts a photo the family shared on the cover, and no other", async () => {
    const pdf = await bookText(relative, `?cover=${familyPhotoId}`);
    expect(pdf.pageImages[0]).toBe(1);
    expect(pdf.images).toBe(3);
    for (const photo of [privatePhotoId, strangersPhotoId]) {
      const response = await fetchBook(relative, `?cover=${photo}`);
      expect(response.status).toBe(404);
      expect((await response.json()).error).toBe("Photo not found");
    }
  });

  it("makes the book of a family with 16 weekly memories, each with two 2400×1800 landscape photos", async () => {
    const weekly = await createAccount({ firstName: "Wilma", lastName: "Weekly" });
    for (let week = 0; week < 16; week += 1) {
      const date = new Date(Date.UTC(2025, 0, 5 + 7 * week)).toISOString().slice(0, 10);
      await memory(weekly, {
        title: `Week ${week + 1}`,
        date,
        shared: true,
        content: "A week in the garden. ".repeat(30),
        photos: 2,
        photoSize: { width: 2400, height: 1800 },
      });
    }
    const pdf = await bookText(weekly);
    expect(pdf.images).toBe(32);
    expect(pdf.pageCount).toBeGreaterThan(12);
    expect(pdf.text).toContain("Week 16");
  }, 120_000);

  it("prints the comments under each story only when asked to, and only the family's own", async () => {
    const prisma = await getDb();
    const lake = await prisma.memory.findFirstOrThrow({ where: { title: "Summer at the lake" } });
    const picnic = await prisma.memory.findFirstOrThrow({ where: { title: "Another family's picnic" } });
    const sharedAnswer = await prisma.response.findFirstOrThrow({
      where: { submission: { user_id: relative.user.id, is_shared: true } },
      orderBy: { id: "asc" },
      include: { submission: { select: { family_id: true } } },
    });
    await prisma.comment.create({ data: { memory_id: lake.id, family_id: lake.family_id, user_id: relative.user.id, body: "I remember the paddle boat!" } });
    await prisma.comment.create({
      data: { response_id: sharedAnswer.id, family_id: sharedAnswer.submission.family_id, user_id: owner.user.id, body: "You never told me that." },
    });
    await prisma.comment.create({ data: { memory_id: picnic.id, family_id: picnic.family_id, user_id: stranger.user.id, body: "Our picnic comment" } });

    const without = (await bookText(owner)).text;
    expect(without).not.toContain("I remember the paddle boat!");
    expect(without).not.toContain("You never told me that.");
    const withComments = (await bookText(owner, "?comments=include")).text;
    expect(withComments).toContain("I remember the paddle boat!");
    expect(withComments).toContain("Łukasz Ørsted,");
    expect(withComments).toContain("You never told me that.");
    expect(withComments).not.toContain("Our picnic comment");
    // The comment follows its story.
    expect(withComments.indexOf("I remember the paddle boat!")).toBeGreaterThan(withComments.indexOf("Summer at the lake: the whole story."));

    const refused = await fetchBook(owner, "?comments=yes");
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.comments).toEqual(['Comments must be "include" or left out']);
  });

  it("prints the family's Tell us more questions and the author's answers under their story, with or without comments", async () => {
    const prisma = await getDb();
    const lake = await prisma.memory.findFirstOrThrow({ where: { title: "Summer at the lake" } });
    const picnic = await prisma.memory.findFirstOrThrow({ where: { title: "Another family's picnic" } });
    await prisma.followUpQuestion.create({
      data: {
        memory_id: lake.id,
        family_id: lake.family_id,
        asker_id: relative.user.id,
        author_id: lake.user_id!,
        question: "Who rowed the boat back?",
        answer: "Your grandfather, against the wind.",
        answered_at: new Date(),
      },
    });
    await prisma.followUpQuestion.create({
      data: { memory_id: lake.id, family_id: lake.family_id, asker_id: relative.user.id, author_id: lake.user_id!, question: "Still waiting for this one?" },
    });
    await prisma.followUpQuestion.create({
      data: {
        memory_id: picnic.id,
        family_id: picnic.family_id,
        asker_id: stranger.user.id,
        author_id: picnic.user_id!,
        question: "Another family's question?",
        answer: "Not for this book.",
        answered_at: new Date(),
      },
    });
    for (const query of ["", "?comments=include"]) {
      const text = (await bookText(owner, query)).text.replace(/\s+/g, " ");
      expect(text).toContain("Who rowed the boat back?");
      expect(text).toContain("Your grandfather, against the wind.");
      expect(text.indexOf("Who rowed the boat back?")).toBeGreaterThan(text.indexOf("Summer at the lake: the whole story."));
      expect(text).not.toContain("Still waiting for this one?");
      expect(text).not.toContain("Another family's question?");
    }
  });

  it("makes a large-print edition: the stories in 14.5 pt type instead of 11, and every other size larger with them", async () => {
    const regular = await bookText(owner);
    const large = await bookText(owner, "?print=large");
    const storySize = (pdf: Awaited<ReturnType<typeof bookText>>) => pdf.runs.find((run) => run.text.includes("Summer at the lake: the whole story"))!.size;
    expect(storySize(regular)).toBe(11);
    expect(storySize(large)).toBe(14.5);
    const titleSize = (pdf: Awaited<ReturnType<typeof bookText>>) => pdf.runs.find((run) => run.text === "Summer at the lake")!.size;
    expect(titleSize(regular)).toBe(16);
    expect(titleSize(large)).toBe(21);
    const refused = await fetchBook(owner, "?print=huge");
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.print).toEqual(['Print must be "large" or left out']);
  });

  it("prints the photos given with an answer under it: its print variant, or one made from its display size", async () => {
    const prisma = await getDb();
    const before = await bookText(owner);
    const born = await prisma.response.findFirstOrThrow({
      where: { submission: { user_id: relative.user.id }, question_id: libraryQuestionId("childhood", "born") },
    });
    const unshared = await prisma.response.findFirstOrThrow({
      where: { submission: { user_id: owner.user.id, created_at: new Date("2006-03-01T12:00:00Z") } },
    });
    // The first has only its print variant in storage, so the book cannot have used its display size.
    const printKey = `test/answers/${born.id}/0/print.jpg`;
    await getStorage().put(
      printKey,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 90, b: 40 } } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
    const displayKey = `test/answers/${born.id}/1/display.webp`;
    await getStorage().put(
      displayKey,
      await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 40, g: 90, b: 200 } } })
        .webp()
        .toBuffer(),
      "image/webp",
    );
    const photo = { content_type: "image/jpeg", byte_size: 1000 };
    await prisma.responsePhoto.createMany({
      data: [
        {
          ...photo,
          response_id: born.id,
          order_number: 0,
          original_key: "missing",
          display_key: "missing",
          thumbnail_key: "missing",
          print_key: printKey,
          width: 1200,
          height: 900,
        },
        {
          ...photo,
          response_id: born.id,
          order_number: 1,
          original_key: displayKey,
          display_key: displayKey,
          thumbnail_key: displayKey,
          print_key: null,
          width: 900,
          height: 1200,
        },
        {
          ...photo,
          response_id: unshared.id,
          order_number: 0,
          original_key: displayKey,
          display_key: displayKey,
          thumbnail_key: displayKey,
          print_key: null,
          width: 900,
          height: 1200,
        },
      ],
    });

    const pdf = await bookText(owner);
    expect(pdf.images).toBe(before.images + 2);
    // The answer's chapter (1999) has a page of its own, and the photos are on it.
    const page = pdf.pages.findIndex((text) => text.includes("Tom's answer about born"));
    expect(page).toBeGreaterThan(-1);
    expect(pdf.pageImages[page]).toBe(before.pageImages[page]! + 2);
    const strangers = await bookText(stranger);
    expect(strangers.images).toBe(1);
  }, 60_000);

  it("answers 404 for a member of another family", async () => {
    const response = await fetchBook(owner, `?member=${stranger.user.id}`);
    expect(response.status).toBe(404);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await fetchBook(null)).status).toBe(401);
  });
});
