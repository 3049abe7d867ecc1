import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportFile } from "@/app/api/exports/[id]/file/route";
import { GET as readExport } from "@/app/api/exports/[id]/route";
import { GET as downloadExport } from "@/app/api/exports/download/route";
import { POST as askForExport, GET as listExports } from "@/app/api/exports/route";
import { POST as answerFollowUp } from "@/app/api/follow-ups/[id]/answer/route";
import { PUT as putFollowUpRecording } from "@/app/api/follow-ups/[id]/recording/route";
import { POST as askFollowUp } from "@/app/api/follow-ups/route";
import { POST as postComment } from "@/app/api/memories/[id]/comments/route";
import { exportJsonSchema, IMMEDIATE_EXPORT_MAX_BYTES, type ExportDocument } from "@/lib/schemas/data-export";
import { EXPORT_TOO_LARGE_TO_DOWNLOAD } from "@/server/book/exports/export-request";
import { measureExport, NOT_FAMILY_ADMIN } from "@/server/book/exports/gather-export";
import { EXPORT_NOT_FOUND, EXPORT_NOT_READY, prepareExportJob } from "@/server/book/exports/prepared-exports";
import { deleteExpiredPreparedFiles } from "@/server/book/prepared-files/delete-expired-prepared-files";
import { setClock } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { renderEmail } from "@/server/platform/email/render-email";
import { getStorage } from "@/server/platform/storage";
import { libraryQuestionId, libraryQuestionnaireId } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, ORIGIN } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { addAnswerPhotosAs, answer, answerChildhood, createCustomQuestionnaire, pickedPhotos } from "../helpers/questionnaires";
import { recordingFixture } from "../helpers/recordings";
import { unzip } from "../helpers/zip";

// Export (docs/export-format.md, docs/decisions/023-export-and-import.md): what each export holds,
// who may ask for which, the ZIP against the published JSON Schema, and the jobs for large ones.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let ownPrivate: Awaited<ReturnType<typeof createMemoryAs>>;

async function download(account: TestAccount | null, scope = "account") {
  const headers = new Headers({ host: "localhost:3000" });
  if (account) headers.set("authorization", `Bearer ${account.token}`);
  const response = await downloadExport(new Request(`${ORIGIN}/api/exports/download?scope=${scope}`, { headers }), { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function exported(account: TestAccount, scope = "account") {
  const result = await download(account, scope);
  expect(result.status).toBe(200);
  const files = await unzip(result.body);
  return { files, document: JSON.parse(files.get("data.json")!.toString("utf8")) as ExportDocument };
}

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  ownPrivate = await createMemoryAs(
    owner.token,
    { title: "The boat", content: "We rowed to the island.\n\nIt rained.", memory_date: "1975-08-02", is_shared: "false", taggedUserIds: relative.user.id },
    [
      { name: "boat.jpg", bytes: await jpeg({ color: "#1e6091" }) },
      { name: "island.jpg", bytes: await jpeg({ color: "#2a9d8f" }) },
    ],
  );
  const kitchen = await createMemoryAs(owner.token, { title: "Grandma's kitchen <b>", memory_date: "1982-12-24", is_shared: "true" }, [
    { name: "kitchen.jpg", bytes: await jpeg({ color: "#e76f51" }) },
  ]);
  const summer = await createMemoryAs(relative.token, { title: "Tom's shared summer", memory_date: "1990-06-01", is_shared: "true" }, [
    { name: "summer.jpg", bytes: await jpeg({ color: "#f4a261" }) },
  ]);
  // A conversation under each shared story.
  const comment = (account: TestAccount, id: string, body: string) =>
    call(postComment, `/api/memories/${id}/comments`, { token: account.token, params: { id }, body: { body } });
  expect((await comment(relative, kitchen.id, "I can still smell the bread.")).status).toBe(201);
  expect((await comment(owner, kitchen.id, "Every Sunday, without fail.")).status).toBe(201);
  expect((await comment(owner, summer.id, "Was that the year of the storm?")).status).toBe(201);
  await createMemoryAs(relative.token, { title: "Tom's private diary", memory_date: "1991-06-01", is_shared: "false" });
  await createMemoryAs(stranger.token, { title: "Olga's garden", memory_date: "1992-06-01", is_shared: "true" });
  await answerChildhood(owner);
  const custom = await createCustomQuestionnaire(owner);
  expect((await answer(owner, [{ question_id: custom.questionIds[0]!, answer_text: "All the cousins." }])).status).toBe(201);
  const relativeAnswer = await answer(relative, [
    { question_id: libraryQuestionId("childhood", "born"), answer_text: "In Swansea, 1950." },
    { question_id: libraryQuestionId("childhood", "earliest"), answer_text: "The sea." },
  ]);
  expect(relativeAnswer.status).toBe(201);
  // Tom shares his childhood answers with the family.
  await (await getDb()).submission.updateMany({ where: { user_id: relative.user.id }, data: { is_shared: true } });
});

describe("GET /api/exports/download (account)", () => {
  it("streams a ZIP of everything the person wrote, which the published JSON Schema accepts", async () => {
    const result = await download(owner);
    expect(result.headers.get("content-type")).toBe("application/zip");
    expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename="family-book-my-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(result.body);
    const document = JSON.parse(files.get("data.json")!.toString("utf8")) as ExportDocument;

    const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../docs/export-format.schema.json"), "utf8"));
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    // The published file is the format's own schema, written out.
    expect(schema).toEqual(JSON.parse(JSON.stringify(exportJsonSchema())));
    // And the schema can fail: a memory without a title is refused.
    expect(validate({ ...document, memories: [{ ...document.memories[0], title: undefined }] })).toBe(false);

    expect(document).toMatchObject({ format: "family-book-export", version: 1, scope: "account", exported_by: { id: owner.user.id, email: owner.user.email } });
    expect(document.memories.map((memory) => memory.title)).toEqual(["The boat", "Grandma's kitchen <b>"]);
    const boat = document.memories[0]!;
    expect(boat).toMatchObject({
      id: ownPrivate.id,
      author_id: owner.user.id,
      content: "We rowed to the island.\r\n\r\nIt rained.",
      memory_date: "1975-08-02",
      is_shared: false,
      tags: [{ id: relative.user.id, name: "Tom Hughes", email: relative.user.email }],
    });
    expect(document.people.map((person) => person.id).sort()).toEqual([owner.user.id, relative.user.id].sort());

    // Every photo is in the ZIP, byte for byte the stored original.
    const prisma = await getDb();
    for (const memory of document.memories) {
      for (const photo of memory.photos) {
        const row = await prisma.memoryPhoto.findUniqueOrThrow({ where: { id: photo.id } });
        const original = await getStorage().get(row.original_key);
        expect(files.get(photo.file)?.equals(original!.body)).toBe(true);
      }
    }
    // Each photo is named by its story's date and title and its number, as a person looks for it in a folder.
    expect(boat.photos.map((photo) => [photo.id, photo.file])).toEqual(
      ownPrivate.memory_photos.map((photo, index) => [photo.id, `photos/1975-08-02 The boat ${index + 1}.jpg`]),
    );
    expect(document.memories[1]!.photos.map((photo) => photo.file)).toEqual(["photos/1982-12-24 Grandma's kitchen b 1.jpg"]);
    expect([...files.keys()].sort()).toEqual(
      ["data.json", "index.html", ...document.memories.flatMap((memory) => memory.photos.map((photo) => photo.file))].sort(),
    );

    // The answers carry their question texts, and the custom questionnaire its questions.
    expect(document.submissions.map((submission) => submission.responses.map((response) => [response.question_text, response.answer_text]))).toEqual([
      [
        ["Where and when were you born?", "In Cardiff, in the spring of 1948."],
        ["What is your earliest memory?", "The smell of my father's workshop."],
      ],
      [["Who came along?", "All the cousins."]],
    ]);
    expect(document.submissions[0]).toMatchObject({ library: true, questionnaire_id: libraryQuestionnaireId("childhood") });
    expect(document.questionnaires.map((questionnaire) => [questionnaire.title, questionnaire.questions.map((question) => question.question_text)])).toEqual([
      ["Summer at the lake", ["Who came along?", "What did you cook?"]],
    ]);

    // index.html: readable without a script, the photos by relative path, the text escaped.
    const html = files.get("index.html")!.toString("utf8");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("<h3>Grandma&#39;s kitchen &lt;b&gt;</h3>");
    expect(html).toContain(`<img src="photos/1975-08-02%20The%20boat%201.jpg"`);
    for (const memory of document.memories)
      for (const photo of memory.photos) expect(html).toContain(`<img src="${encodeURI(photo.file).replaceAll("'", "&#39;")}"`);

    // The comments on the person's stories are kept with them, whoever wrote them.
    expect(document.memories[1]!.comments?.map((comment) => [comment.author_id, comment.body])).toEqual([
      [relative.user.id, "I can still smell the bread."],
      [owner.user.id, "Every Sunday, without fail."],
    ]);
    expect(boat.comments).toEqual([]);
    expect(html).toContain("<h4>Comments</h4>");
    expect(html).toContain("<strong>Tom Hughes</strong>");
    expect(html).toContain("I can still smell the bread.");
    expect(html).toContain("<dt>Where and when were you born?</dt>");
    expect(html).toContain("<p>We rowed to the island.</p>\n<p>It rained.</p>");
  });

  it("holds nothing of anyone else", async () => {
    const { document } = await exported(relative);
    expect(document.memories.map((memory) => memory.title)).toEqual(["Tom's shared summer", "Tom's private diary"]);
    expect(document.submissions.flatMap((submission) => submission.responses.map((response) => response.answer_text))).toEqual([
      "In Swansea, 1950.",
      "The sea.",
    ]);
    // The owner's questionnaire was written in the family but not by Tom, who did not answer it.
    expect(document.questionnaires).toEqual([]);
  });

  it("refuses the anonymous", async () => {
    expect((await download(null)).status).toBe(401);
  });
});

describe("GET /api/exports/download (family)", () => {
  it("gives a family admin everything the family shared, every member's, and nothing private", async () => {
    const { document, files } = await exported(owner, "family");
    expect(document.scope).toBe("family");
    expect(document.memories.map((memory) => memory.title)).toEqual(["Grandma's kitchen <b>", "Tom's shared summer"]);
    expect(document.submissions.flatMap((submission) => submission.responses.map((response) => response.answer_text))).toEqual([
      "In Swansea, 1950.",
      "The sea.",
    ]);
    expect(document.questionnaires.map((questionnaire) => questionnaire.title)).toEqual(["Summer at the lake"]);
    for (const memory of document.memories) for (const photo of memory.photos) expect(files.has(photo.file)).toBe(true);
    // Each story's conversation, as the family reads it.
    expect(document.memories.map((memory) => memory.comments?.map((comment) => comment.body))).toEqual([
      ["I can still smell the bread.", "Every Sunday, without fail."],
      ["Was that the year of the storm?"],
    ]);
    expect(files.get("index.html")!.toString("utf8")).toContain("<h1>The Hughes Family: the family's book</h1>");
  });

  it("refuses a member who is not the family's admin, and the stranger's export is of their own family", async () => {
    const refused = await call(downloadExport, "/api/exports/download?scope=family", { token: relative.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(NOT_FAMILY_ADMIN);
    const { document } = await exported(stranger, "family");
    expect(document.memories.map((memory) => memory.title)).toEqual(["Olga's garden"]);
  });

  it("refuses a scope it does not know", async () => {
    const result = await call(downloadExport, "/api/exports/download?scope=everyone", { token: owner.token });
    expect(result.status).toBe(400);
  });
});

describe("POST /api/exports", () => {
  it("answers with the download address for an export under the threshold", async () => {
    const result = await call(askForExport, "/api/exports", { token: owner.token, body: { scope: "account" } });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ download: "/api/exports/download?scope=account", export: null });
    const family = await call(askForExport, "/api/exports", { token: relative.token, body: { scope: "family" } });
    expect(family.status).toBe(403);
    expect(family.body.error).toBe(NOT_FAMILY_ADMIN);
  });

  it("prepares a large export in a job, which its owner alone can follow and fetch, until it expires", async () => {
    const heavy = await createAccount({ firstName: "Hannah", lastName: "Large" });
    const memory = await createMemoryAs(heavy.token, { title: "Many photos" }, [{ name: "one.jpg", bytes: await jpeg() }]);
    const prisma = await getDb();
    // Over the threshold as far as the measure goes: the photos' recorded sizes.
    await prisma.memoryPhoto.updateMany({ where: { memory_id: memory.id }, data: { byte_size: IMMEDIATE_EXPORT_MAX_BYTES + 1 } });

    const tooLarge = await call(downloadExport, "/api/exports/download?scope=account", { token: heavy.token });
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.body.error).toBe(EXPORT_TOO_LARGE_TO_DOWNLOAD);

    const asked = await call(askForExport, "/api/exports", { token: heavy.token, body: { scope: "account" } });
    expect(asked.status).toBe(200);
    expect(asked.body.data.download).toBeNull();
    const exportId = asked.body.data.export.id as string;
    expect(asked.body.data.export).toMatchObject({ scope: "account", status: "queued", photos_done: 0, download_url: null });
    // Before it is ready there is nothing to download: 409, as for a book (docs/decisions/036-prepared-files.md).
    const early = await call(exportFile, `/api/exports/${exportId}/file`, { token: heavy.token, params: { id: exportId } });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(EXPORT_NOT_READY);

    await prepareExportJob.handler({ exportId }, { id: "test", retryCount: 0, now: new Date(), signal: new AbortController().signal });

    const read = await call(readExport, `/api/exports/${exportId}`, { token: heavy.token, params: { id: exportId } });
    expect(read.body.data.export).toMatchObject({ status: "ready", photos_done: 1, photo_total: 1, download_url: `/api/exports/${exportId}/file` });
    expect(read.body.data.export.file_name).toMatch(/^family-book-my-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(read.body.data.export.byte_size).toBeGreaterThan(0);
    const listed = await call(listExports, "/api/exports", { token: heavy.token });
    expect(listed.body.data.exports.map((item: { id: string }) => item.id)).toEqual([exportId]);

    // The email with the link is queued for its owner.
    const emails = await prisma.$queryRawUnsafe<{ data: { template: string; to: { userId: string }; props: { dataUrl: string } } }[]>(
      `SELECT data FROM pgboss.job WHERE name = 'send-email' AND data->>'template' = 'export-ready'`,
    );
    expect(emails.map((email) => email.data.to.userId)).toContain(heavy.user.id);
    const queued = emails.find((email) => email.data.to.userId === heavy.user.id)!.data;
    expect(queued.props.dataUrl).toBe(`${ORIGIN}/settings/data`);
    const rendered = await renderEmail("export-ready", queued.props);
    expect(rendered.subject).toBe("Your Family Book export is ready");
    expect(rendered.html).toContain(`href="${ORIGIN}/settings/data"`);
    expect(rendered.text).toContain("Only you can download it, for 7 days; after that it is deleted.");

    // The owner is sent to a signed address of the ZIP, which holds the export.
    const file = await exportFile(
      new Request(`${ORIGIN}/api/exports/${exportId}/file`, { headers: { host: "localhost:3000", authorization: `Bearer ${heavy.token}` } }),
      { params: Promise.resolve({ id: exportId }) },
    );
    expect(file.status).toBe(302);
    // Signed with the name it is saved under, as a book's is.
    expect(new URL(file.headers.get("location")!).searchParams.get("name")).toBe(read.body.data.export.file_name);
    const row = await prisma.dataExport.findUniqueOrThrow({ where: { id: exportId } });
    const stored = await getStorage().get(row.storage_key!);
    const files = await unzip(stored!.body);
    expect(JSON.parse(files.get("data.json")!.toString("utf8")).memories[0].title).toBe("Many photos");

    // Nobody else sees or fetches it.
    for (const other of [owner, relative, stranger]) {
      const seen = await call(readExport, `/api/exports/${exportId}`, { token: other.token, params: { id: exportId } });
      expect(seen.status).toBe(404);
      expect(seen.body.error).toBe(EXPORT_NOT_FOUND);
      expect((await call(exportFile, `/api/exports/${exportId}/file`, { token: other.token, params: { id: exportId } })).status).toBe(404);
      expect((await call(listExports, "/api/exports", { token: other.token })).body.data.exports).toEqual([]);
    }

    // Seven days on, it is gone: the row, and the object in storage.
    setClock(() => Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await call(readExport, `/api/exports/${exportId}`, { token: heavy.token, params: { id: exportId } })).status).toBe(404);
      await deleteExpiredPreparedFiles({ now: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000) });
    } finally {
      setClock();
    }
    expect(await prisma.dataExport.findUnique({ where: { id: exportId } })).toBeNull();
    expect(await getStorage().get(row.storage_key!)).toBeNull();
  });
});

describe("Tell us more in the export", () => {
  const ask = (account: TestAccount, body: Record<string, string>) => call(askFollowUp, "/api/follow-ups", { token: account.token, body });
  const reply = (account: TestAccount, id: string, text: string) =>
    call(answerFollowUp, `/api/follow-ups/${id}/answer`, { token: account.token, params: { id }, body: { answer: text } });

  it("carries every question about one's own stories, and in the family's export the answered ones, under their stories", async () => {
    const prisma = await getDb();
    const kitchen = await prisma.memory.findFirstOrThrow({ where: { title: "Grandma's kitchen <b>" }, select: { id: true } });
    const sea = await prisma.response.findFirstOrThrow({ where: { answer_text: "The sea.", submission: { user_id: relative.user.id } }, select: { id: true } });
    const answered = await ask(relative, { memory_id: kitchen.id, question: "What did you bake <i>first</i>?" });
    const waiting = await ask(relative, { memory_id: kitchen.id, question: "Who taught you?" });
    const aboutSea = await ask(owner, { answer_id: sea.id, question: "Which beach was it?" });
    for (const asked of [answered, waiting, aboutSea]) expect(asked.status).toBe(201);
    expect((await reply(owner, answered.body.data.follow_up.id, "Bara brith, with my mother.")).status).toBe(200);
    expect((await reply(relative, aboutSea.body.data.follow_up.id, "Rhossili, every August.")).status).toBe(200);
    // The answer about the kitchen is told out loud too, and weighs in what decides between a download and a job.
    const bakedId = answered.body.data.follow_up.id as string;
    const measured = await Promise.all([measureExport(owner.user, "account"), measureExport(owner.user, "family")]);
    const told = await call(putFollowUpRecording, `/api/follow-ups/${bakedId}/recording?name=Bara%20brith.ogg`, {
      method: "PUT",
      token: owner.token,
      params: { id: bakedId },
      body: recordingFixture("speech.ogg"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(told.status).toBe(200);
    const grown = await Promise.all([measureExport(owner.user, "account"), measureExport(owner.user, "family")]);
    expect(grown.map((size, index) => size.photoBytes - measured[index]!.photoBytes)).toEqual([
      recordingFixture("speech.ogg").byteLength,
      recordingFixture("speech.ogg").byteLength,
    ]);

    // The owner's own export: both questions about the kitchen, the waiting one without an answer.
    const mine = await exported(owner);
    const validate = new Ajv({ allErrors: true }).compile(
      JSON.parse(readFileSync(path.join(import.meta.dirname, "../../docs/export-format.schema.json"), "utf8")),
    );
    expect(validate(mine.document), JSON.stringify(validate.errors)).toBe(true);
    const kitchenFollowUps = mine.document.memories.find((memory) => memory.id === kitchen.id)!.follow_ups;
    expect(kitchenFollowUps).toEqual([
      expect.objectContaining({
        asked_by_id: relative.user.id,
        question: "What did you bake <i>first</i>?",
        answer: "Bara brith, with my mother.",
        answered_at: expect.any(String),
      }),
      expect.objectContaining({ asked_by_id: relative.user.id, question: "Who taught you?", answer: null, answered_at: null }),
    ]);
    expect(mine.document.people.map((person) => person.id)).toContain(relative.user.id);
    const html = mine.files.get("index.html")!.toString("utf8");
    expect(html).toContain("<strong>Tom Hughes asked:</strong> What did you bake &lt;i&gt;first&lt;/i&gt;?");
    expect(html).toContain("<strong>Answer:</strong> Bara brith, with my mother.");
    expect(html).toContain("Not answered yet.");
    // Its recording as it was made, named by the day it was answered and its question, played by index.html.
    const baked = kitchenFollowUps!.find((followUp) => followUp.id === bakedId)!;
    expect(baked.recording).toMatchObject({ file_name: "Bara brith.ogg", content_type: "audio/ogg", byte_size: recordingFixture("speech.ogg").byteLength });
    expect(baked.recording!.file).toMatch(/^recordings\/\d{4}-\d{2}-\d{2} What did you bake i first i\.ogg$/);
    expect(mine.files.get(baked.recording!.file)?.equals(Buffer.from(recordingFixture("speech.ogg")))).toBe(true);
    expect(html).toContain(`<audio controls preload="metadata" src="${baked.recording!.file.split("/").map(encodeURIComponent).join("/")}"`);
    expect(kitchenFollowUps!.find((followUp) => followUp.answer === null)!.recording).toBeNull();

    // Tom's own export has the question asked about his answer, and its answer.
    const toms = await exported(relative);
    const seaResponse = toms.document.submissions.flatMap((submission) => submission.responses).find((response) => response.id === sea.id)!;
    expect(seaResponse.follow_ups).toEqual([
      expect.objectContaining({ asked_by_id: owner.user.id, question: "Which beach was it?", answer: "Rhossili, every August." }),
    ]);

    // The family's export: what the family reads under each story, the answered questions only.
    const family = await exported(owner, "family");
    expect(validate(family.document), JSON.stringify(validate.errors)).toBe(true);
    expect(family.document.memories.find((memory) => memory.id === kitchen.id)!.follow_ups!.map((followUp) => followUp.question)).toEqual([
      "What did you bake <i>first</i>?",
    ]);
    const familyBaked = family.document.memories.find((memory) => memory.id === kitchen.id)!.follow_ups![0]!;
    expect(family.files.get(familyBaked.recording!.file)?.equals(Buffer.from(recordingFixture("speech.ogg")))).toBe(true);
    const familySea = family.document.submissions.flatMap((submission) => submission.responses).find((response) => response.id === sea.id)!;
    expect(familySea.follow_ups!.map((followUp) => followUp.answer)).toEqual(["Rhossili, every August."]);
  });
});

describe("Answer photos in the export", () => {
  /** Adds photos of the given colours to one's own answer, as My Completed Questionnaires does. */
  async function givePhotos(account: TestAccount, responseId: string, colors: string[]) {
    expect((await addAnswerPhotosAs(account, responseId, await pickedPhotos(colors))).status).toBe(201);
  }

  it("carries each answer's photos under it, named by the answer's day and question, in the ZIP and on the page", async () => {
    const prisma = await getDb();
    const born = await prisma.response.findFirstOrThrow({ where: { answer_text: "In Cardiff, in the spring of 1948." } });
    const sea = await prisma.response.findFirstOrThrow({ where: { answer_text: "The sea.", submission: { user_id: relative.user.id } } });
    await givePhotos(owner, born.id, ["#264653", "#e9c46a"]);
    await givePhotos(relative, sea.id, ["#457b9d"]);
    const day = (date: Date) => date.toISOString().slice(0, 10);

    // The owner's own export: the photos of the owner's answer, private as it is.
    const mine = await exported(owner);
    const validate = new Ajv({ allErrors: true }).compile(
      JSON.parse(readFileSync(path.join(import.meta.dirname, "../../docs/export-format.schema.json"), "utf8")),
    );
    expect(validate(mine.document), JSON.stringify(validate.errors)).toBe(true);
    const responses = mine.document.submissions.flatMap((submission) => submission.responses);
    const bornExported = responses.find((response) => response.id === born.id)!;
    const rows = await prisma.responsePhoto.findMany({ where: { response_id: born.id }, orderBy: { order_number: "asc" } });
    expect(bornExported.photos).toEqual(
      rows.map((row, index) => ({
        id: row.id,
        order_number: row.order_number,
        file: `photos/${day(born.created_at)} Where and when were you born ${index + 1}.jpg`,
        content_type: "image/jpeg",
        width: row.width,
        height: row.height,
        byte_size: row.byte_size,
        created_at: row.created_at.toISOString(),
      })),
    );
    // Each is in the ZIP, byte for byte the stored original; an answer without photos has none.
    for (const [index, photo] of bornExported.photos!.entries()) {
      expect(mine.files.get(photo.file)?.equals((await getStorage().get(rows[index]!.original_key))!.body)).toBe(true);
    }
    expect(responses.filter((response) => response.id !== born.id).every((response) => response.photos?.length === 0)).toBe(true);
    expect([...mine.files.keys()].sort()).toEqual(
      [
        "data.json",
        "index.html",
        ...mine.document.memories.flatMap((memory) => memory.photos.map((photo) => photo.file)),
        ...bornExported.photos!.map((photo) => photo.file),
        // The answer told out loud under the kitchen (Tell us more in the export, above).
        ...mine.document.memories.flatMap((memory) => (memory.follow_ups ?? []).flatMap((followUp) => (followUp.recording ? [followUp.recording.file] : []))),
      ].sort(),
    );
    // On the page, the photos are under their answer, before the next question.
    const html = mine.files.get("index.html")!.toString("utf8");
    const first = `<img src="${encodeURI(bornExported.photos![0]!.file)}"`;
    expect(html).toContain(first);
    expect(html).toContain(`alt="Photo 2 of 2 of the answer to “Where and when were you born?”"`);
    expect(html.indexOf(first)).toBeGreaterThan(html.indexOf("In Cardiff, in the spring of 1948."));
    expect(html.indexOf(first)).toBeLessThan(html.indexOf("<dt>What is your earliest memory?</dt>"));

    // The family's export: the photos of the answers the family may read, and not the owner's private one.
    const family = await exported(owner, "family");
    expect(validate(family.document), JSON.stringify(validate.errors)).toBe(true);
    const familyPhotos = family.document.submissions.flatMap((submission) => submission.responses.flatMap((response) => response.photos ?? []));
    const seaRow = await prisma.responsePhoto.findFirstOrThrow({ where: { response_id: sea.id } });
    expect(familyPhotos.map((photo) => [photo.id, photo.file])).toEqual([[seaRow.id, `photos/${day(sea.created_at)} What is your earliest memory 1.jpg`]]);
    expect(family.files.get(familyPhotos[0]!.file)?.equals((await getStorage().get(seaRow.original_key))!.body)).toBe(true);
    for (const row of rows) expect(JSON.stringify(family.document)).not.toContain(row.id);
  });

  it("counts answers' photos in the size that decides between a download and a prepared export", async () => {
    const heavy = await createAccount({ firstName: "Hugo", lastName: "Heavy" });
    const answered = await answer(heavy, [
      { question_id: libraryQuestionId("childhood", "born"), answer_text: "In Leeds, in 1960." },
      { question_id: libraryQuestionId("childhood", "earliest"), answer_text: "The snow of 1963." },
    ]);
    expect(answered.status).toBe(201);
    const prisma = await getDb();
    const response = await prisma.response.findFirstOrThrow({ where: { submission: { user_id: heavy.user.id }, answer_text: "In Leeds, in 1960." } });
    await givePhotos(heavy, response.id, ["#8d99ae"]);
    expect((await download(heavy)).status).toBe(200);
    // Over the threshold as far as the measure goes: the photo's recorded size.
    await prisma.responsePhoto.updateMany({ where: { response_id: response.id }, data: { byte_size: IMMEDIATE_EXPORT_MAX_BYTES + 1 } });
    const tooLarge = await call(downloadExport, "/api/exports/download?scope=account", { token: heavy.token });
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.body.error).toBe(EXPORT_TOO_LARGE_TO_DOWNLOAD);
  });
});
