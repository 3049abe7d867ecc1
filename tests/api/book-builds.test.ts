import { beforeAll, describe, expect, it } from "vitest";
import { GET as readBookPdf } from "@/app/api/family-book/books/[id]/pdf/route";
import { DELETE as deleteBook, GET as readBook } from "@/app/api/family-book/books/[id]/route";
import { POST as askForBook, GET as listBooks } from "@/app/api/family-book/books/route";
import { GET as readStored } from "@/app/api/storage/[...key]/route";
import { bookBuildDtoSchema } from "@/lib/schemas/book-builds";
import { deleteExpiredPreparedFiles } from "@/server/book/prepared-files/delete-expired-prepared-files";
import { BOOK_KEPT_MS, BOOK_NOT_FOUND, BOOK_NOT_READY, type toBookBuildDto } from "@/server/book/print/book-builds";
import { bookStorageKey, buildBook } from "@/server/book/print/build-book-job";
import { setClock } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { JOBS_SCHEMA } from "@/server/platform/jobs/job-queue";
import { getStorage } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { readPdf } from "../helpers/pdf-text";

// Printed books made by a job (docs/product.md §16, docs/decisions/028-book-builds.md): asked for
// through the API, made by the app's own workers on a clock the test moves, kept for the owner
// alone for a week, announced by a real email.

const APP = "https://familybook.example";
const services = withSmtpAndWorkers(APP);

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  const photo = { name: "boat.jpg", bytes: await jpeg({ width: 1200, height: 900 }) };
  await createMemoryAs(owner.token, { title: "The boat on the lake", memory_date: "1962-07-14", is_shared: "true" }, [photo]);
  await createMemoryAs(relative.token, { title: "Our first house", memory_date: "1975-03-02", is_shared: "true" });
  await createMemoryAs(relative.token, { title: "A private diary", memory_date: "1980-01-01", is_shared: "false" });
});

type Book = ReturnType<typeof toBookBuildDto>;

const ask = (account: TestAccount | null, body: unknown) => call<{ book: Book }>(askForBook, "/api/family-book/books", { token: account?.token, body });
const read = (account: TestAccount | null, id: string) =>
  call<{ book: Book }>(readBook, `/api/family-book/books/${id}`, { token: account?.token, params: { id } });
async function download(account: TestAccount | null, id: string) {
  const headers = new Headers({ host: "localhost:3000" });
  if (account) headers.set("authorization", `Bearer ${account.token}`);
  const response = await readBookPdf(new Request(`http://localhost:3000/api/family-book/books/${id}/pdf`, { headers }), { params: Promise.resolve({ id }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
/** Follows a download's redirect to the signed address, as a browser does (without the app's session). */
async function fetchSigned(location: string) {
  const url = new URL(location);
  expect(url.pathname).toMatch(/^\/api\/storage\/books\//);
  const key = url.pathname.slice("/api/storage/".length).split("/");
  const response = await readStored(new Request(url), { params: Promise.resolve({ key }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
const errorOf = (result: { bytes: Buffer }) => (JSON.parse(result.bytes.toString()) as { error: string }).error;

async function untilFinished(id: string) {
  const prisma = await getDb();
  await services.workers.runUntil(async () => ["ready", "failed"].includes((await prisma.bookBuild.findUniqueOrThrow({ where: { id } })).status));
}

const readyEmails = (account: TestAccount) => services.smtp.to(account.user.email).filter((email) => email.parsed.subject === "Your Family Book is ready");

/** Moves the clock until the book's ready-email job has run (it waits a minute after the book is ready). */
async function untilReadyEmailJobDone(id: string) {
  const prisma = await getDb();
  const unfinished = async () =>
    (
      await prisma.$queryRawUnsafe<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM "${JOBS_SCHEMA}".job WHERE name = 'book.ready-email' AND data->>'buildId' = $1 AND state NOT IN ('completed', 'failed')`,
        id,
      )
    )[0]!.count;
  await services.workers.runUntil(async () => (await unfinished()) === 0);
  await services.workers.runUntilIdle();
}

describe("asking for a printed book", () => {
  it("starts a job that lays the book out and keeps it for its owner for a week, with no email once they downloaded it", async () => {
    const asked = await ask(owner, { size: "A4", chapters: "year" });
    expect(asked.status).toBe(202);
    expect(bookBuildDtoSchema.parse(asked.body.data.book)).toMatchObject({
      status: "queued",
      download_url: null,
      progress: { percent: 0, message: "Waiting to start" },
    });
    const { id } = asked.body.data.book;
    expect(asked.headers.get("location")).toBe(`/api/family-book/books/${id}`);

    await untilFinished(id);
    const { book } = (await read(owner, id)).body.data;
    expect(book).toMatchObject({
      status: "ready",
      progress: { percent: 100, message: "Your book is ready" },
      download_url: `/api/family-book/books/${id}/pdf`,
    });
    expect(book.file_name).toMatch(/^the-hughes-family-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(Date.parse(book.expires_at) - Date.parse(book.finished_at!)).toBe(BOOK_KEPT_MS);

    // The download is a redirect to a signed address of the PDF, valid five minutes, which the
    // server does not read; that address serves it under the book's name.
    const redirect = await download(owner, id);
    expect(redirect.status).toBe(302);
    expect(redirect.bytes.length).toBe(0);
    const location = redirect.headers.get("location")!;
    expect(Number(new URL(location).searchParams.get("expires")) - Date.now() / 1000).toBeCloseTo(300, -1);
    const pdf = await fetchSigned(location);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${book.file_name}"`);
    expect(pdf.bytes.length).toBe(book.byte_size);
    const text = await readPdf(pdf.bytes);
    expect(book.progress.pages_total).toBe(text.pageCount);
    expect(text.text).toContain("The boat on the lake");
    expect(text.text).toContain("Our first house");
    expect(text.text).not.toContain("A private diary");
    expect(text.images).toBe(1);
    // The name is part of what is signed.
    const renamed = new URL(location);
    renamed.searchParams.set("name", "something-else.pdf");
    expect((await fetchSigned(renamed.toString())).status).toBe(403);

    // Downloaded as soon as it was ready (the dialog saves it), the book needs no email about it.
    await untilReadyEmailJobDone(id);
    expect(readyEmails(owner)).toEqual([]);

    const listed = await call<{ books: Book[] }>(listBooks, "/api/family-book/books", { token: owner.token });
    expect(listed.body.data.books.map((entry) => entry.id)).toContain(id);
  });

  it("emails its owner a minute after it is ready when it was not downloaded by then, and not once it is deleted", async () => {
    const asked = await ask(owner, { size: "LETTER", chapters: "year" });
    const { id } = asked.body.data.book;
    await untilFinished(id);
    await untilReadyEmailJobDone(id);
    const [email] = readyEmails(owner);
    expect(readyEmails(owner)).toHaveLength(1);
    expect(email!.parsed.text).toContain(`${APP}/family-book/books`);
    const { book } = (await read(owner, id)).body.data;
    expect(email!.parsed.text).toContain(`(${book.progress.pages_total} pages)`);
    // Downloading it afterwards sends nothing more.
    expect((await download(owner, id)).status).toBe(302);
    await services.workers.runUntilIdle();
    expect(readyEmails(owner)).toHaveLength(1);

    // One deleted before its email's minute is up is not announced.
    const other = (await ask(owner, { size: "6x9", chapters: "year" })).body.data.book;
    await untilFinished(other.id);
    expect((await call(deleteBook, `/api/family-book/books/${other.id}`, { token: owner.token, method: "DELETE", params: { id: other.id } })).status).toBe(200);
    await untilReadyEmailJobDone(other.id);
    expect(readyEmails(owner)).toHaveLength(1);
  });

  it("builds the same book once when it is asked for many times at once, and no other beside it", async () => {
    const choices = { size: "6x9", chapters: "member", from: "1960-01-01" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(relative, choices)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 202]);
    const ids = new Set(answers.map((answer) => answer.body.data.book.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    const prisma = await getDb();
    const jobs = await prisma.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM "${JOBS_SCHEMA}".job WHERE name = 'book.build' AND data->>'buildId' = $1`,
      id,
    );
    expect(jobs[0]!.count).toBe(1);

    // The same choices in another order are the same book; other choices wait for it (docs/decisions/036-prepared-files.md).
    const same = await ask(relative, { from: "1960-01-01", chapters: "member", size: "6x9", member: "" });
    expect(same.status).toBe(200);
    expect(same.body.data.book.id).toBe(id);
    const other = await ask(relative, { size: "A4", chapters: "member", from: "1960-01-01" });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(
      "Your book (6 × 9 in, a chapter for each family member, from January 1, 1960) is still being made. You can ask for another once it is ready, or delete it under Your books.",
    );

    await untilFinished(id);
    // Made minutes ago, the same book is answered again rather than made twice…
    const soon = await ask(relative, choices);
    expect(soon.status).toBe(200);
    expect(soon.body.data.book).toMatchObject({ id, status: "ready" });
    // …and later, asking again makes a new one (the family may have shared more since).
    const finishedAt = Date.parse(soon.body.data.book.finished_at!);
    setClock(() => finishedAt + 10 * 60 * 1000 + 1000);
    try {
      const again = await ask(relative, choices);
      expect(again.status).toBe(202);
      expect(again.body.data.book.id).not.toBe(id);
      await untilFinished(again.body.data.book.id);
    } finally {
      setClock();
    }
  });

  it("refuses choices that cannot be used, as the download does", async () => {
    const wrong = await ask(owner, { size: "A3", from: "2024-02-30" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toMatchObject({ size: ["Paper size must be A4, LETTER or 6x9"], from: ["That date does not exist"] });
    const outsider = await ask(owner, { member: stranger.user.id });
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toBe("Family member not found");
    const notJson = await call(askForBook, "/api/family-book/books", { token: owner.token, body: "[1,2" });
    expect(notJson.status).toBe(400);
    expect(await (await getDb()).bookBuild.count({ where: { user_id: { in: [owner.user.id, stranger.user.id] }, status: "queued" } })).toBe(0);
  });
});

describe("who may see a book", () => {
  let id: string;
  beforeAll(async () => {
    const asked = await ask(owner, { size: "LETTER" });
    id = asked.body.data.book.id;
    await untilFinished(id);
  });

  it("is its owner alone: a relative, another family and an unknown id are told it is not found, and no one signed out", async () => {
    expect((await read(owner, id)).status).toBe(200);
    for (const account of [relative, stranger]) {
      const answer = await read(account, id);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(BOOK_NOT_FOUND);
      const pdf = await download(account, id);
      expect(pdf.status).toBe(404);
      expect(errorOf(pdf)).toBe(BOOK_NOT_FOUND);
      const listed = await call<{ books: Book[] }>(listBooks, "/api/family-book/books", { token: account.token });
      expect(listed.body.data.books.map((entry) => entry.id)).not.toContain(id);
    }
    expect((await read(null, id)).status).toBe(401);
    expect((await download(null, id)).status).toBe(401);
    expect((await read(owner, "not-an-id")).status).toBe(404);
    expect((await read(owner, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("answers 409 for the PDF of a book still being made", async () => {
    const prisma = await getDb();
    const building = await prisma.bookBuild.create({
      data: {
        user_id: owner.user.id,
        options: { size: "A4" },
        status: "building",
        phase: "pages",
        phase_done: 212,
        phase_total: 480,
        page_count: 480,
        origin: APP,
        expires_at: new Date(Date.now() + BOOK_KEPT_MS),
      },
    });
    const answer = await read(owner, building.id);
    expect(answer.body.data.book.progress).toEqual({ percent: 48, message: "Laying out page 212 of 480", pages_total: 480 });
    const pdf = await download(owner, building.id);
    expect(pdf.status).toBe(409);
    expect(errorOf(pdf)).toBe(BOOK_NOT_READY);
    await prisma.bookBuild.delete({ where: { id: building.id } });
  });

  it("is gone after its week: the address answers 404 and housekeeping removes the PDF and the row", async () => {
    const prisma = await getDb();
    const build = await prisma.bookBuild.findUniqueOrThrow({ where: { id } });
    expect(await getStorage().head(bookStorageKey(build))).not.toBeNull();
    const weekLater = build.expires_at.getTime() + 1000;
    setClock(() => weekLater);
    try {
      expect((await read(owner, id)).status).toBe(404);
      expect((await download(owner, id)).status).toBe(404);
    } finally {
      setClock();
    }
    await deleteExpiredPreparedFiles({ now: new Date(weekLater) });
    expect(await prisma.bookBuild.findUnique({ where: { id } })).toBeNull();
    expect(await getStorage().head(bookStorageKey(build))).toBeNull();
  });
});

describe("a book that cannot be made", () => {
  it("is marked failed after its last attempt, and asking again starts a new one", async () => {
    const prisma = await getDb();
    const [photo] = await prisma.memoryPhoto.findMany({ where: { memory: { user_id: owner.user.id } }, take: 1 });
    const asked = await ask(owner, { cover: photo!.id, size: "6x9" });
    const { id } = asked.body.data.book;
    // The cover stops being shared before the job runs: the book cannot be made with it.
    await prisma.memory.update({ where: { id: photo!.memory_id }, data: { is_shared: false } });
    await expect(buildBook({ buildId: id }, { now: new Date(), retryCount: 2 })).rejects.toThrow("Photo not found");
    const failed = (await read(owner, id)).body.data.book;
    expect(failed).toMatchObject({ status: "failed", download_url: null, progress: { message: "We could not make this book. Please try again." } });
    await prisma.memory.update({ where: { id: photo!.memory_id }, data: { is_shared: true } });
    const again = await ask(owner, { cover: photo!.id, size: "6x9" });
    expect(again.status).toBe(202);
    expect(again.body.data.book.id).not.toBe(id);
    await untilFinished(again.body.data.book.id);
    await untilFinished(id);
  });
});
