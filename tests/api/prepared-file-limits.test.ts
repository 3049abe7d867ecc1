import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as exportFile } from "@/app/api/exports/[id]/file/route";
import { DELETE as deleteExport, GET as readExport } from "@/app/api/exports/[id]/route";
import { POST as askForExport, GET as listExports } from "@/app/api/exports/route";
import { GET as readBookPdf } from "@/app/api/family-book/books/[id]/pdf/route";
import { DELETE as deleteBook, GET as readBook } from "@/app/api/family-book/books/[id]/route";
import { POST as askForBook, GET as listBooks } from "@/app/api/family-book/books/route";
import { describeBookChoices } from "@/lib/book-choices";
import { IMMEDIATE_EXPORT_MAX_BYTES } from "@/lib/schemas/data-export";
import { EXPORT_NOT_FOUND, EXPORT_NOT_READY, prepareExportJob } from "@/server/book/exports/prepared-exports";
import { markPreparedFileReady } from "@/server/book/prepared-files/own-prepared-files";
import { BOOK_FILES, PREPARED_FILE_KEPT_MS } from "@/server/book/prepared-files/prepared-file-kinds";
import { BOOK_NOT_FOUND, BOOK_NOT_READY } from "@/server/book/print/book-builds";
import { bookStorageKey, buildBook } from "@/server/book/print/build-book-job";
import { getDb } from "@/server/platform/db/client";
import { getEnv, resetEnvForTests } from "@/server/platform/env";
import { JOBS_SCHEMA } from "@/server/platform/jobs/job-queue";
import { getStorage } from "@/server/platform/storage";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";

// What limits the books and exports a job prepares (docs/decisions/036-prepared-files.md): one
// being made per person and kind, the same request answered with the file already there, three of
// a kind being made per family, and an allowance of bytes kept per person; and what they share:
// the owner alone deletes them, and neither has a file to give before it is ready. No workers
// run here, so what is asked for stays queued until a test runs its job itself.

const APP = "https://familybook.example";
const MB = 1024 * 1024;

const askBook = (account: TestAccount | null, body: unknown) => call(askForBook, "/api/family-book/books", { token: account?.token, body });
const askExport = (account: TestAccount, scope: "account" | "family") => call(askForExport, "/api/exports", { token: account.token, body: { scope } });
const removeBook = (account: TestAccount | null, id: string) =>
  call(deleteBook, `/api/family-book/books/${id}`, { method: "DELETE", token: account?.token, params: { id } });
const removeExport = (account: TestAccount | null, id: string) =>
  call(deleteExport, `/api/exports/${id}`, { method: "DELETE", token: account?.token, params: { id } });

async function jobsFor(name: string, key: string, ids: string[]) {
  const prisma = await getDb();
  const [row] = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM "${JOBS_SCHEMA}".job WHERE name = $1 AND data->>'${key}' = ANY($2::text[])`,
    name,
    ids,
  );
  return row!.count;
}

/** A family whose founder (its admin) shared a memory whose photo counts as larger than a download at once allows. */
async function familyWithLargeExports(members = 0) {
  const founder = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
  const memory = await createMemoryAs(founder.token, { title: "The lake in summer", memory_date: "1962-07-14", is_shared: "true" }, [
    { name: "lake.jpg", bytes: await jpeg() },
  ]);
  await (await getDb()).memoryPhoto.updateMany({ where: { memory_id: memory.id }, data: { byte_size: IMMEDIATE_EXPORT_MAX_BYTES + 1 } });
  const relatives: TestAccount[] = [];
  for (let index = 0; index < members; index += 1)
    relatives.push(await createAccount({ familyId: founder.user.family_id, firstName: `Cousin ${index + 1}`, lastName: "Hughes" }));
  return { founder, relatives };
}

/** A ready file of `bytes` kept for the person, with its object in storage. */
async function readyExport(account: TestAccount, bytes: number) {
  const id = randomUUID();
  const key = `exports/${account.user.id}/${id}/family-book-my-export.zip`;
  await getStorage().put(key, Buffer.from("PK"), "application/zip");
  await (
    await getDb()
  ).dataExport.create({
    data: {
      id,
      user_id: account.user.id,
      scope: "account",
      status: "ready",
      storage_key: key,
      byte_size: BigInt(bytes),
      origin: APP,
      finished_at: new Date(Date.now() - 60 * 60_000),
      expires_at: new Date(Date.now() + PREPARED_FILE_KEPT_MS),
    },
  });
  return { id, key };
}

async function readyBook(account: TestAccount) {
  const prisma = await getDb();
  const book = await prisma.bookBuild.create({
    data: {
      user_id: account.user.id,
      options: { size: "A4" },
      status: "ready",
      byte_size: 9,
      file_name: "the-hughes-family.pdf",
      origin: APP,
      finished_at: new Date(),
      expires_at: new Date(Date.now() + PREPARED_FILE_KEPT_MS),
    },
  });
  const key = bookStorageKey(book);
  await getStorage().put(key, Buffer.from("%PDF-1.7"), "application/pdf");
  await prisma.bookBuild.update({ where: { id: book.id }, data: { storage_key: key } });
  return { id: book.id, key };
}

describe("one book and one export being made per person", () => {
  let founder: TestAccount;
  beforeAll(async () => {
    ({ founder } = await familyWithLargeExports());
  });

  it("makes one of five different books asked for at once, and tells the others which book is being made", async () => {
    const choices = [{ size: "A4" }, { size: "LETTER" }, { size: "6x9" }, { size: "A4", chapters: "member" }, { size: "LETTER", chapters: "member" }];
    const answers = await Promise.all(choices.map((body) => askBook(founder, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409]);
    const made = answers.find((answer) => answer.status === 202)!.body.data.book;
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toBe(
        `Your book (${describeBookChoices(made.options)}) is still being made. You can ask for another once it is ready, or delete it under Your books.`,
      );
    }
    const prisma = await getDb();
    const rows = await prisma.bookBuild.findMany({ where: { user_id: founder.user.id } });
    expect(rows.map((row) => row.id)).toEqual([made.id]);
    expect(await jobsFor("book.build", "buildId", [made.id])).toBe(1);

    // The same choices again are that book.
    const same = await askBook(founder, made.options);
    expect(same.status).toBe(200);
    expect(same.body.data.book.id).toBe(made.id);
    expect((await removeBook(founder, made.id)).status).toBe(200);
  });

  it("prepares one export when it is asked for five times at once, answers it to the same scope, and makes the other scope wait", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => askExport(founder, "account")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.body.data.export.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    const prisma = await getDb();
    expect(await prisma.dataExport.count({ where: { user_id: founder.user.id } })).toBe(1);
    expect(await jobsFor("prepare-export", "exportId", [id])).toBe(1);

    const family = await askExport(founder, "family");
    expect(family.status).toBe(409);
    expect(family.body.error).toBe(
      "Your export of your data is still being prepared. You can ask for another once it is ready, or delete it under Prepared exports.",
    );

    // Once ready, the same scope asked minutes later is the same export, not a second copy.
    await prepareExportJob.handler({ exportId: id }, { id: "test", retryCount: 0, now: new Date(), signal: new AbortController().signal });
    const again = await askExport(founder, "account");
    expect(again.body.data.export).toMatchObject({ id, status: "ready", download_url: `/api/exports/${id}/file` });
    expect(await prisma.dataExport.count({ where: { user_id: founder.user.id } })).toBe(1);
    // And the other scope may now be prepared.
    const other = await askExport(founder, "family");
    expect(other.status).toBe(200);
    expect(other.body.data.export).toMatchObject({ scope: "family", status: "queued" });
    for (const exportId of [id, other.body.data.export.id]) expect((await removeExport(founder, exportId)).status).toBe(200);
  });
});

describe("a family's books being made", () => {
  it("lets a family have three books being made at once, tells the others to wait, and leaves other families alone", async () => {
    const { founder, relatives } = await familyWithLargeExports(4);
    const family = [founder, ...relatives];
    const answers = await Promise.all(family.map((member) => askBook(member, { size: "A4" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.error).toBe("Your family already has 3 books being made. Please ask again when one of them is ready.");
      expect(refused.headers.get("retry-after")).toBe("60");
    }
    const prisma = await getDb();
    expect(await prisma.bookBuild.count({ where: { user: { family_id: founder.user.family_id }, status: { in: ["queued", "building"] } } })).toBe(3);

    const elsewhere = await createAccount({ firstName: "Olga", lastName: "Petrova" });
    expect((await askBook(elsewhere, { size: "A4" })).status).toBe(202);

    // When one is deleted, a place is free again.
    const made = answers.filter((answer) => answer.status === 202).map((answer) => answer.body.data.book.id as string);
    const waiting = family[answers.findIndex((answer) => answer.status === 429)]!;
    expect((await removeBook(family[answers.findIndex((answer) => answer.status === 202)]!, made[0]!)).status).toBe(200);
    expect((await askBook(waiting, { size: "A4" })).status).toBe(202);
  });
});

describe("what one person keeps", () => {
  afterEach(() => {
    delete process.env.PREPARED_FILES_MAX_BYTES;
    resetEnvForTests();
  });

  it("shows what they keep against 1 GB unless configured, and refuses a new book or export at the allowance until they delete one", async () => {
    expect(getEnv().PREPARED_FILES_MAX_BYTES).toBe(1024 * MB);
    process.env.PREPARED_FILES_MAX_BYTES = String(2 * MB);
    resetEnvForTests();
    const { founder } = await familyWithLargeExports();
    const kept = await readyExport(founder, 2 * MB);
    for (const listed of [
      await call(listBooks, "/api/family-book/books", { token: founder.token }),
      await call(listExports, "/api/exports", { token: founder.token }),
    ]) {
      expect(listed.body.data.storage).toEqual({ used_bytes: 2 * MB, allowed_bytes: 2 * MB });
    }

    const full =
      "You are keeping 2 MB of books and exports, and each person may keep 2 MB. Delete one you no longer need (under Your books, or Prepared exports in Your data), then ask again.";
    const book = await askBook(founder, { size: "A4" });
    expect(book.status).toBe(409);
    expect(book.body.error).toBe(full);
    const large = await askExport(founder, "family");
    expect(large.status).toBe(409);
    expect(large.body.error).toBe(full);
    const prisma = await getDb();
    expect(await prisma.bookBuild.count({ where: { user_id: founder.user.id } })).toBe(0);

    expect((await removeExport(founder, kept.id)).status).toBe(200);
    expect((await call(listExports, "/api/exports", { token: founder.token })).body.data.storage).toEqual({ used_bytes: 0, allowed_bytes: 2 * MB });
    expect((await askBook(founder, { size: "A4" })).status).toBe(202);
  });
});

describe("deleting a book or an export", () => {
  let founder: TestAccount;
  let relative: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    const family = await familyWithLargeExports(1);
    founder = family.founder;
    relative = family.relatives[0]!;
    stranger = await createAccount({ firstName: "Olga", lastName: "Petrova" });
  });

  it("is its owner's alone: anyone else, an unknown id or a signed-out caller deletes nothing", async () => {
    const book = await readyBook(founder);
    const kept = await readyExport(founder, MB);
    for (const account of [relative, stranger]) {
      const notTheirBook = await removeBook(account, book.id);
      expect(notTheirBook.status).toBe(404);
      expect(notTheirBook.body.error).toBe(BOOK_NOT_FOUND);
      const notTheirExport = await removeExport(account, kept.id);
      expect(notTheirExport.status).toBe(404);
      expect(notTheirExport.body.error).toBe(EXPORT_NOT_FOUND);
    }
    expect((await removeBook(null, book.id)).status).toBe(401);
    expect((await removeExport(null, kept.id)).status).toBe(401);
    expect((await removeBook(founder, "not-an-id")).status).toBe(404);
    expect((await removeExport(founder, randomUUID())).status).toBe(404);
    expect(await getStorage().head(book.key)).not.toBeNull();
    expect(await getStorage().head(kept.key)).not.toBeNull();

    const deletedBook = await removeBook(founder, book.id);
    expect(deletedBook.status).toBe(200);
    expect(deletedBook.body.data).toEqual({ book: { id: book.id } });
    expect((await call(readBook, `/api/family-book/books/${book.id}`, { token: founder.token, params: { id: book.id } })).status).toBe(404);
    expect(await getStorage().head(book.key)).toBeNull();
    const deletedExport = await removeExport(founder, kept.id);
    expect(deletedExport.body.data).toEqual({ export: { id: kept.id } });
    expect((await call(readExport, `/api/exports/${kept.id}`, { token: founder.token, params: { id: kept.id } })).status).toBe(404);
    expect(await getStorage().head(kept.key)).toBeNull();
  });

  it("drops one still being made: its job finds nothing to make, and a file finished after the delete is not kept", async () => {
    const asked = await askBook(founder, { size: "6x9" });
    const { id } = asked.body.data.book;
    expect((await removeBook(founder, id)).status).toBe(200);
    expect(await buildBook({ buildId: id }, { now: new Date(), retryCount: 0 })).toEqual({ status: "no-build" });

    // A job that was already painting when the book was deleted: what it stored goes with it.
    const key = bookStorageKey({ id, user_id: founder.user.id });
    await getStorage().put(key, Buffer.from("%PDF-1.7"), "application/pdf");
    expect(await markPreparedFileReady(BOOK_FILES, { id, storageKey: key, byteSize: 8, now: new Date() })).toBeNull();
    expect(await getStorage().head(key)).toBeNull();
  });
});

describe("a book or an export not ready yet", () => {
  it("answers 409 for either file, in the same words, while it is being made and after it failed", async () => {
    const { founder } = await familyWithLargeExports();
    const book = (await askBook(founder, { size: "A4" })).body.data.book.id as string;
    const exported = (await askExport(founder, "account")).body.data.export.id as string;
    const files = async () => {
      const pdf = await call(readBookPdf, `/api/family-book/books/${book}/pdf`, { token: founder.token, params: { id: book } });
      const zip = await call(exportFile, `/api/exports/${exported}/file`, { token: founder.token, params: { id: exported } });
      return [
        [pdf.status, pdf.body.error],
        [zip.status, zip.body.error],
      ];
    };
    expect(await files()).toEqual([
      [409, BOOK_NOT_READY],
      [409, EXPORT_NOT_READY],
    ]);
    expect([BOOK_NOT_READY, EXPORT_NOT_READY]).toEqual(["This book is not ready yet.", "This export is not ready yet."]);

    const prisma = await getDb();
    await prisma.bookBuild.update({ where: { id: book }, data: { status: "failed", finished_at: new Date() } });
    await prisma.dataExport.update({ where: { id: exported }, data: { status: "failed", finished_at: new Date() } });
    expect(await files()).toEqual([
      [409, BOOK_NOT_READY],
      [409, EXPORT_NOT_READY],
    ]);
  });
});
