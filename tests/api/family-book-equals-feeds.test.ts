import { beforeAll, describe, expect, it } from "vitest";
import { GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as ownMemoriesRoute } from "@/app/api/memories/route";
import { GET as sharedMemoriesRoute } from "@/app/api/memories/shared/route";
import { PATCH as toggleResponseRoute } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as sharedResponsesRoute } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as toggleSubmissionRoute } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissionsRoute } from "@/app/api/questionnaires/submissions/shared/route";
import { Prisma } from "@/generated/prisma/client";
import type { BookOptions } from "@/lib/schemas/family-book";
import { toUserDto } from "@/server/accounts/users/user-dto";
import type { BookAnswers, BookMemory } from "@/server/book/print/book-content";
import { gatherBookContent } from "@/server/book/print/gather-book-content";
import type { MemoryDto } from "@/server/memories/memory-dto";
import { ownedBy, ownedBySql, sharedWith, sharedWithSql, visibleTo, visibleToSql } from "@/server/memories/memory-visibility";
import { getDb, queryRows } from "@/server/platform/db/client";
import { visibleAnswersSql, visibleAnswersWhere, visibleSubmissionsSql, visibleSubmissionsWhere } from "@/server/questions/questionnaires/answer-visibility";
import type { SharedResponseDto } from "@/server/questions/questionnaires/list-shared-responses";
import type { SharedSubmissionDto } from "@/server/questions/questionnaires/list-shared-submissions";
import { libraryQuestionId } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Who may see a memory or an answer is decided once (docs/decisions/004-sharing-answers.md), and
// every reader follows it: the printed book holds exactly what the Family Book's feeds show the
// same reader, item for item and in the same order, and a memory opens on its own exactly when
// one of the reader's lists holds it. The family below has every case of visibility in it.

let margaret: TestAccount; // writes most of it
let tom: TestAccount; // a relative
let lena: TestAccount; // shares, then leaves the family (no family at all)
let max: TestAccount; // shares, then moves to Olga's family
let olga: TestAccount; // another family
const readers = () => [margaret, tom, lena, max, olga];
const memoryIds: string[] = [];
/** Items that tie on their date, in the order only their ids decide. */
const cast = { twins: [] as { id: string; title: string }[], tomsSittings: [] as { id: string; answers: string[] }[] };
const byId = <Item extends { id: string }>(items: Item[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

async function memory(account: TestAccount, title: string, memory_date: string, fields: { shared?: boolean; tagged?: string[]; photos?: number } = {}) {
  const photos = await Promise.all(Array.from({ length: fields.photos ?? 0 }, async (_, index) => ({ name: `photo-${index}.jpg`, bytes: await jpeg() })));
  const created = await createMemoryAs(
    account.token,
    { title, memory_date, is_shared: fields.shared ? "true" : "false", taggedUserIds: fields.tagged ?? [] },
    photos,
  );
  memoryIds.push(created.id);
  return created.id;
}

/** One sitting of answers, dated as given; returns the submission and its answers by question. */
async function sitting(account: TestAccount, answers: [questionId: string, text: string][], createdAt: string) {
  const result = await answer(
    account,
    answers.map(([question_id, answer_text]) => ({ question_id, answer_text })),
  );
  expect(result.status).toBe(201);
  const submission = result.body.data.submission as { id: string; responses: { id: string; question_id: string }[] };
  const prisma = await getDb();
  await prisma.submission.update({ where: { id: submission.id }, data: { created_at: new Date(createdAt) } });
  const answerTo = (questionId: string) => submission.responses.find((response) => response.question_id === questionId)!.id;
  return { id: submission.id, answerTo };
}

async function shareSubmission(account: TestAccount, id: string) {
  const result = await call(toggleSubmissionRoute, `/api/questionnaires/submissions/${id}/toggle-shared`, {
    method: "PATCH",
    token: account.token,
    params: { id },
    body: { is_shared: true },
  });
  expect(result.status).toBe(200);
}

async function shareAnswer(account: TestAccount, id: string) {
  const result = await call(toggleResponseRoute, `/api/questionnaires/responses/${id}/toggle-shared`, {
    method: "PATCH",
    token: account.token,
    params: { id },
    body: { is_shared: true },
  });
  expect(result.status).toBe(200);
}

beforeAll(async () => {
  margaret = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
  tom = await createAccount({ familyId: margaret.user.family_id, firstName: "Tom", lastName: "Hughes" });
  lena = await createAccount({ familyId: margaret.user.family_id, firstName: "Lena", lastName: "Hughes" });
  max = await createAccount({ familyId: margaret.user.family_id, firstName: "Max", lastName: "Hughes" });
  olga = await createAccount({ firstName: "Olga", lastName: "Petrova" });
  const prisma = await getDb();

  await memory(margaret, "Wedding day", "1970-06-01", { shared: true, tagged: [tom.user.id], photos: 2 });
  await memory(margaret, "Margaret's diary", "1980-01-01");
  for (const title of ["Twins, first", "Twins, second"]) cast.twins.push({ id: await memory(margaret, title, "1985-05-05", { shared: true }), title });
  // Written in the same millisecond: only the id tells them apart, in the feed and in the book.
  await prisma.memory.updateMany({ where: { id: { in: cast.twins.map((twin) => twin.id) } }, data: { created_at: new Date("2020-01-01T00:00:00.000Z") } });
  await memory(tom, "First bike", "1995-04-02", { shared: true });
  await memory(tom, "Tom's private notes", "1996-01-01");
  await memory(lena, "Lena's garden", "1999-09-09", { shared: true });
  await memory(lena, "Lena's letters", "1999-10-10");
  await memory(max, "Max's boat", "2001-01-01", { shared: true });
  await memory(olga, "Olga's holiday", "2000-08-08", { shared: true });

  const lake = await createCustomQuestionnaire(margaret, { allow_multiple_responses: true });
  const [whoCame, whatCooked] = lake.questionIds as [string, string];
  const justForTom = await createCustomQuestionnaire(margaret, { title: "Just for Tom", audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [tom.user.id] });
  const olgasOwn = await createCustomQuestionnaire(olga, { title: "Olga's questions" });
  const born = libraryQuestionId("childhood", "born");
  const earliest = libraryQuestionId("childhood", "earliest");

  // Margaret: a whole submission shared, one answer shared on its own, and one kept private.
  const wholeShared = await sitting(
    margaret,
    [
      [whoCame, "Margaret: the whole family came"],
      [whatCooked, "Margaret: trout"],
    ],
    "1990-07-14T12:00:00Z",
  );
  await shareSubmission(margaret, wholeShared.id);
  const oneShared = await sitting(
    margaret,
    [
      [whoCame, "Margaret: only the cousins"],
      [whatCooked, "Margaret: pancakes"],
    ],
    "2005-03-01T12:00:00Z",
  );
  await shareAnswer(margaret, oneShared.answerTo(whatCooked));
  await sitting(
    margaret,
    [
      [whoCame, "Margaret: nobody came"],
      [whatCooked, "Margaret: nothing"],
    ],
    "2006-03-01T12:00:00Z",
  );
  // Tom: a targeted questionnaire shared whole, and the library's, both on the same second.
  const targeted = await sitting(
    tom,
    [
      [justForTom.questionIds[0]!, "Tom: Aunt Jo came"],
      [justForTom.questionIds[1]!, "Tom: stew"],
    ],
    "1999-03-01T12:00:00Z",
  );
  await shareSubmission(tom, targeted.id);
  const childhood = await sitting(
    tom,
    [
      [born, "Tom: in Leeds"],
      [earliest, "Tom: the snow"],
    ],
    "1999-03-01T12:00:00Z",
  );
  await shareSubmission(tom, childhood.id);
  await shareAnswer(tom, childhood.answerTo(born));
  cast.tomsSittings.push({ id: targeted.id, answers: ["Tom: Aunt Jo came", "Tom: stew"] }, { id: childhood.id, answers: ["Tom: in Leeds", "Tom: the snow"] });
  // Lena and Max share answers, then leave the family and take them along.
  const lenasWhole = await sitting(
    lena,
    [
      [whoCame, "Lena: my friends came"],
      [whatCooked, "Lena: soup"],
    ],
    "2002-02-02T12:00:00Z",
  );
  await shareSubmission(lena, lenasWhole.id);
  const lenasOne = await sitting(
    lena,
    [
      [born, "Lena: in York"],
      [earliest, "Lena: the sea"],
    ],
    "2003-03-03T12:00:00Z",
  );
  await shareAnswer(lena, lenasOne.answerTo(earliest));
  const maxs = await sitting(
    max,
    [
      [born, "Max: in Hull"],
      [earliest, "Max: a kite"],
    ],
    "2004-04-04T12:00:00Z",
  );
  await shareSubmission(max, maxs.id);
  // Olga's family: shared, and never anyone else's to see.
  const olgas = await sitting(olga, [[olgasOwn.questionIds[0]!, "Olga: my sisters came"]], "2004-06-01T12:00:00Z");
  await shareSubmission(olga, olgas.id);

  await prisma.user.update({ where: { id: lena.user.id }, data: { family_id: null } });
  await prisma.user.update({ where: { id: max.user.id }, data: { family_id: olga.user.family_id } });
}, 120_000);

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/** Every page of a feed, read two items at a time so that the cursors are used too. */
async function wholeFeed<Item>(route: typeof sharedMemoriesRoute, path: string, key: string, account: TestAccount) {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `${path}${path.includes("?") ? "&" : "?"}limit=2${cursor ? `&cursor=${cursor}` : ""}`;
    const result = await call(route, query, { token: account.token });
    expect(result.status).toBe(200);
    items.push(...(result.body.data[key] as Item[]));
    cursor = result.body.data.next_cursor;
  } while (cursor);
  return items;
}

const memberQuery = (options: BookOptions) => (options.member ? `?member=${options.member}` : "");
const inRange = (options: BookOptions, day: string) => (!options.from || day >= options.from) && (!options.to || day <= options.to);

/** The feeds, newest first, turned to the book's order (oldest first) and cut to its dates. */
async function feedsFor(account: TestAccount, options: BookOptions) {
  const memories = (await wholeFeed<MemoryDto>(sharedMemoriesRoute, `/api/memories/shared${memberQuery(options)}`, "memories", account))
    .reverse()
    .filter((memory) => inRange(options, memory.memory_date))
    .map((memory) => ({
      id: memory.id,
      title: memory.title,
      date: memory.memory_date,
      author: fullName(memory.profiles),
      taggedNames: memory.memory_tags.map((tag) => fullName(tag.profiles)),
      content: memory.content,
      photoIds: memory.memory_photos.map((photo) => photo.id),
    }));
  const submissions = (
    await wholeFeed<SharedSubmissionDto>(sharedSubmissionsRoute, `/api/questionnaires/submissions/shared${memberQuery(options)}`, "submissions", account)
  )
    .reverse()
    .filter((submission) => inRange(options, submission.created_at.slice(0, 10)))
    .map((submission) => ({
      id: submission.id,
      questionnaireTitle: submission.questionnaires.title,
      date: submission.created_at.slice(0, 10),
      author: fullName(submission.profiles),
      answers: submission.responses.map((response) => ({ question: response.questions.question_text, answer: response.answer_text })),
    }));
  return { memories, submissions };
}

/** The reader as the app sees them now (after leaving, without a family or in another). */
async function currentViewer(account: TestAccount) {
  const prisma = await getDb();
  return toUserDto(await prisma.user.findUniqueOrThrow({ where: { id: account.user.id } }));
}

async function bookFor(account: TestAccount, options: BookOptions) {
  const viewer = await currentViewer(account);
  const book = await gatherBookContent({ viewer, options, origin: "http://localhost:3000" });
  const items = book.chapters.flatMap((chapter) => chapter.items);
  return {
    memories: items
      .filter((item): item is BookMemory => item.kind === "memory")
      .map((item) => ({
        id: item.id,
        title: item.title,
        date: item.date,
        author: item.author,
        taggedNames: item.taggedNames,
        content: item.content,
        photoIds: item.photos.map((photo) => photo.id),
      })),
    submissions: items
      .filter((item): item is BookAnswers => item.kind === "answers")
      .map((item) => ({ id: item.id, questionnaireTitle: item.questionnaireTitle, date: item.date, author: item.author, answers: item.answers })),
  };
}

/** The reader's current family, or the reader alone: the members the book's filter may name. */
async function membersOf(account: TestAccount) {
  const prisma = await getDb();
  const { family_id } = await prisma.user.findUniqueOrThrow({ where: { id: account.user.id }, select: { family_id: true } });
  const members = await prisma.user.findMany({ where: family_id ? { family_id } : { id: account.user.id }, select: { id: true } });
  return members.map((member) => member.id);
}

async function optionsFor(account: TestAccount): Promise<BookOptions[]> {
  const range = { from: "1985-01-01", to: "2002-12-31" };
  const members = await membersOf(account);
  return [
    { size: "A4", chapters: "year" },
    { size: "A4", chapters: "year", ...range },
    ...members.flatMap((member): BookOptions[] => [
      { size: "A4", chapters: "year", member },
      { size: "A4", chapters: "year", member, ...range },
    ]),
  ];
}

describe("the printed book and the Family Book's feeds", () => {
  it("hold the same memories and answers, item for item and in the same order, for every reader and every filter", async () => {
    for (const reader of readers()) {
      for (const options of await optionsFor(reader)) {
        const [book, feeds] = await Promise.all([bookFor(reader, options), feedsFor(reader, options)]);
        expect({ reader: reader.user.first_name, options, ...book }).toEqual({ reader: reader.user.first_name, options, ...feeds });
      }
    }
  });

  it("show the family what it shared, and a member who left takes their answers along", async () => {
    const book = await bookFor(tom, { size: "A4", chapters: "year" });
    expect(book.memories.map((memory) => memory.title)).toEqual([
      "Wedding day",
      ...byId(cast.twins).map((twin) => twin.title),
      "First bike",
      "Lena's garden",
      "Max's boat",
    ]);
    expect(book.submissions.map((submission) => submission.answers.map((entry) => entry.answer))).toEqual([
      ["Margaret: the whole family came", "Margaret: trout"],
      ...byId(cast.tomsSittings).map((sitting) => sitting.answers),
      ["Margaret: pancakes"],
    ]);
  });

  it("leave a reader without a family their own shared memories and no one's answers", async () => {
    const book = await bookFor(lena, { size: "A4", chapters: "year" });
    expect(book.memories.map((memory) => memory.title)).toEqual(["Lena's garden"]);
    expect(book.submissions).toEqual([]);
  });

  it("list the same answers one by one as grouped by submission", async () => {
    for (const reader of readers()) {
      const grouped = await wholeFeed<SharedSubmissionDto>(sharedSubmissionsRoute, "/api/questionnaires/submissions/shared", "submissions", reader);
      const single = await wholeFeed<SharedResponseDto>(sharedResponsesRoute, "/api/questionnaires/responses/shared", "responses", reader);
      expect(single.map((response) => response.id).sort()).toEqual(grouped.flatMap((submission) => submission.responses.map((response) => response.id)).sort());
    }
  });
});

describe("each rule's Prisma and SQL forms", () => {
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  const sqlIds = async (statement: Prisma.Sql) => ids(await queryRows<{ id: string }>(statement));

  it("select the same memories", async () => {
    const prisma = await getDb();
    for (const reader of readers()) {
      const viewer = await currentViewer(reader);
      for (const [where, sql] of [
        [ownedBy(viewer), ownedBySql(viewer)],
        [sharedWith(viewer), sharedWithSql(viewer)],
        [visibleTo(viewer), visibleToSql(viewer)],
      ] as const) {
        const viaPrisma = ids(await prisma.memory.findMany({ where, select: { id: true } }));
        expect(viaPrisma.length).toBeGreaterThan(0);
        expect(await sqlIds(Prisma.sql`SELECT m.id FROM memories m WHERE ${sql}`)).toEqual(viaPrisma);
      }
    }
  });

  it("select the same answers and submissions", async () => {
    const prisma = await getDb();
    for (const reader of readers()) {
      const viewer = await currentViewer(reader);
      const answersWhere = visibleAnswersWhere(viewer);
      const answersSql = visibleAnswersSql(viewer);
      const submissionsWhere = visibleSubmissionsWhere(viewer);
      const submissionsSql = visibleSubmissionsSql(viewer);
      if (!answersWhere || !answersSql || !submissionsWhere || !submissionsSql) {
        // Only a reader without a family has no answers to read, in either form.
        expect([viewer.family_id, answersWhere, answersSql, submissionsWhere, submissionsSql]).toEqual([null, null, null, null, null]);
        continue;
      }
      const answers = ids(await prisma.response.findMany({ where: answersWhere, select: { id: true } }));
      expect(answers.length).toBeGreaterThan(0);
      expect(
        await sqlIds(
          Prisma.sql`SELECT r.id FROM responses r JOIN submissions s ON s.id = r.submission_id JOIN users author ON author.id = s.user_id WHERE ${answersSql}`,
        ),
      ).toEqual(answers);
      const submissions = ids(await prisma.submission.findMany({ where: submissionsWhere, select: { id: true } }));
      expect(await sqlIds(Prisma.sql`SELECT s.id FROM submissions s JOIN users author ON author.id = s.user_id WHERE ${submissionsSql}`)).toEqual(submissions);
    }
  });
});

describe("a memory opened on its own", () => {
  it("opens exactly when one of the reader's lists holds it, and reads the same as there", async () => {
    for (const reader of readers()) {
      const listed = new Map<string, MemoryDto>();
      for (const memory of await wholeFeed<MemoryDto>(ownMemoriesRoute, "/api/memories", "memories", reader)) listed.set(memory.id, memory);
      for (const memory of await wholeFeed<MemoryDto>(sharedMemoriesRoute, "/api/memories/shared", "memories", reader)) listed.set(memory.id, memory);
      for (const id of memoryIds) {
        const opened = await call(getMemoryRoute, `/api/memories/${id}`, { token: reader.token, params: { id } });
        const inList = listed.get(id);
        expect({ reader: reader.user.first_name, id, status: opened.status }).toEqual({ reader: reader.user.first_name, id, status: inList ? 200 : 404 });
        // Photo addresses are signed per half hour; the photos themselves must be the same ones.
        const withoutAddresses = (memory: MemoryDto) => ({ ...memory, memory_photos: memory.memory_photos.map((photo) => photo.id) });
        if (inList) expect(withoutAddresses(opened.body.data.memory)).toEqual(withoutAddresses(inList));
      }
    }
  });
});
