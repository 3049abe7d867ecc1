import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putRecording } from "@/app/api/memories/[id]/recording/route";
import { PUT as putTranscript } from "@/app/api/memories/[id]/recording/transcript/route";
import { PUT as putAnswerRecording } from "@/app/api/questionnaires/responses/[id]/recording/route";
import { PUT as putAnswerTranscript } from "@/app/api/questionnaires/responses/[id]/recording/transcript/route";
import type { ExportDocument } from "@/lib/schemas/data-export";
import { closeDatabase, getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { closeRateLimitStores } from "@/server/platform/http/rate-limit";
import { stopJobs } from "@/server/platform/jobs/queue";
import { getStorage, resetStorageForTests } from "@/server/platform/storage";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { downloadExportZip, importZip } from "../helpers/data-exports";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { addAnswerPhotosAs, answer, answerChildhood, createCustomQuestionnaire } from "../helpers/questionnaires";
import { createThrowawayPostgresDatabase } from "../helpers/test-database";
import { unzip } from "../helpers/zip";

// The round trip (docs/decisions/023-export-and-import.md): an export, imported into a fresh
// instance (its own database and storage) by the same people, exported again, says the same,
// ids and the moment of exporting aside. On the embedded database and on PostgreSQL alike.

const EMAILS = { owner: "margaret.roundtrip@example.test", relative: "tom.roundtrip@example.test", cousin: "ruth.roundtrip@example.test" };

/** The object without the named fields. */
function without<Value extends object, Key extends keyof Value>(value: Value, ...keys: Key[]): Omit<Value, Key> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

/** The export with every id replaced by what it names (people by email), and the export's moment left out. */
function comparable(document: ExportDocument, files: Map<string, Buffer>) {
  const email = new Map(document.people.map((person) => [person.id, person.email]));
  const questionTexts = new Map(
    document.questionnaires.flatMap((questionnaire) => questionnaire.questions.map((question) => [question.id, question.question_text])),
  );
  return {
    scope: document.scope,
    exported_by: document.exported_by.email,
    people: document.people.map((person) => without(person, "id")).sort((a, b) => a.email.localeCompare(b.email)),
    memories: document.memories.map((memory) => ({
      ...without(memory, "id", "author_id", "tags", "photos", "recording"),
      author: email.get(memory.author_id),
      tags: memory.tags.map((tag) => ({ name: tag.name, email: tag.email })),
      photos: memory.photos.map((photo) => ({ ...without(photo, "id", "file"), bytes: files.get(photo.file)?.toString("base64") })),
      recording: memory.recording && { ...without(memory.recording, "id"), bytes: files.get(memory.recording.file)?.toString("base64") },
    })),
    questionnaires: document.questionnaires.map((questionnaire) => ({
      ...without(questionnaire, "id", "created_by_id", "target_ids", "questions"),
      created_by: questionnaire.created_by_id && email.get(questionnaire.created_by_id),
      targets: questionnaire.target_ids.map((target) => email.get(target)).sort(),
      questions: questionnaire.questions.map((question) => without(question, "id")),
    })),
    submissions: document.submissions.map((submission) => ({
      ...without(submission, "id", "author_id", "questionnaire_id", "responses"),
      questionnaire: submission.library ? submission.questionnaire_id : undefined,
      author: email.get(submission.author_id),
      responses: submission.responses.map((response) => ({
        ...without(response, "id", "question_id", "photos", "recording"),
        question: submission.library ? response.question_id : questionTexts.get(response.question_id),
        photos: response.photos?.map((photo) => ({ ...without(photo, "id", "file"), bytes: files.get(photo.file)?.toString("base64") })),
        recording: response.recording && { ...without(response.recording, "id"), bytes: files.get(response.recording.file)?.toString("base64") },
      })),
    })),
  };
}

/**
 * A new instance in this process: its own empty database and storage folder, migrated on first
 * use, with the built-in question library its start-up brings (the same ids on every instance).
 */
async function switchToFreshInstance() {
  await stopJobs();
  await closeDatabase();
  await closeRateLimitStores();
  resetStorageForTests();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-fresh-"));
  process.env.DATA_DIR = dataDirectory;
  const database = await createThrowawayPostgresDatabase();
  process.env.DATABASE_URL = database.url;
  resetEnvForTests();
  await seedQuestionLibrary(await getDb());
  return async () => {
    await stopJobs();
    await closeDatabase();
    await closeRateLimitStores();
    resetStorageForTests();
    await database.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  };
}

let cleanUp: (() => Promise<void>) | undefined;
afterAll(async () => {
  await cleanUp?.();
});

describe("export, import into a fresh instance, export again", () => {
  let firstZip: Buffer;
  let first: ExportDocument;
  let firstFiles: Map<string, Buffer>;

  beforeAll(async () => {
    const owner = await createAccount({ firstName: "Margaret", lastName: "Hughes", email: EMAILS.owner });
    const relative = await createAccount({ familyId: owner.user.family_id, firstName: "Tom", lastName: "Hughes", email: EMAILS.relative });
    const cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth", lastName: "Hughes", email: EMAILS.cousin });
    const boat = await createMemoryAs(
      owner.token,
      {
        title: "The boat",
        content: "We rowed to the island.",
        memory_date: "1975-08-02",
        is_shared: "true",
        taggedUserIds: [relative.user.id, cousin.user.id],
      },
      [
        { name: "boat.jpg", bytes: await jpeg({ color: "#1e6091" }) },
        { name: "island.jpg", bytes: await jpeg({ width: 40, height: 90, color: "#2a9d8f" }) },
      ],
    );
    // The boat, told out loud as well.
    const told = await call(putRecording, `/api/memories/${boat.id}/recording?name=Rowing.webm`, {
      method: "PUT",
      token: owner.token,
      body: new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings/speech.webm"))),
      params: { id: boat.id },
    });
    expect(told.status).toBe(200);
    const written = await call(putTranscript, `/api/memories/${boat.id}/recording/transcript`, {
      method: "PUT",
      token: owner.token,
      body: { transcript: "We rowed to the island & back <before> breakfast." },
      params: { id: boat.id },
    });
    expect(written.status).toBe(200);
    await createMemoryAs(owner.token, { title: "A private note", content: "Only mine.", memory_date: "2001-01-01", is_shared: "false" });
    // Two photos given with the answer about where Margaret was born.
    const { bornId, earliestId } = await answerChildhood(owner);
    // The earliest memory, told out loud with no photo, its words typed by Margaret.
    const spoken = await call(putAnswerRecording, `/api/questionnaires/responses/${earliestId}/recording?name=Workshop.mp3`, {
      method: "PUT",
      token: owner.token,
      body: new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings/speech.mp3"))),
      params: { id: earliestId },
    });
    expect(spoken.status).toBe(200);
    const typed = await call(putAnswerTranscript, `/api/questionnaires/responses/${earliestId}/recording/transcript`, {
      method: "PUT",
      token: owner.token,
      body: { transcript: "Sawdust and linseed oil." },
      params: { id: earliestId },
    });
    expect(typed.status).toBe(200);
    const photos = [
      { name: "cardiff.jpg", bytes: await jpeg({ color: "#e63946" }) },
      { name: "house.jpg", bytes: await jpeg({ width: 30, height: 60, color: "#a8dadc" }) },
    ];
    expect((await addAnswerPhotosAs(owner, bornId, photos)).status).toBe(201);
    const custom = await createCustomQuestionnaire(owner, { audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [relative.user.id, cousin.user.id] });
    expect((await answer(relative, [{ question_id: custom.questionIds[0]!, answer_text: "Only Tom's, not exported." }])).status).toBe(201);
    const ownCustom = await createCustomQuestionnaire(relative, { title: "Tom's questions" });
    expect((await answer(owner, [{ question_id: ownCustom.questionIds[0]!, answer_text: "All the cousins." }])).status).toBe(201);
    await (await getDb()).submission.updateMany({ where: { user_id: owner.user.id, questionnaire_id: ownCustom.id }, data: { is_shared: true } });

    firstZip = await downloadExportZip(owner);
    firstFiles = await unzip(firstZip);
    first = JSON.parse(firstFiles.get("data.json")!.toString("utf8"));
    expect(first.memories).toHaveLength(2);
    expect(first.memories.find((memory) => memory.title === "The boat")?.recording).toMatchObject({
      file: "recordings/1975-08-02 The boat.webm",
      content_type: "audio/webm",
      file_name: "Rowing.webm",
      transcript: "We rowed to the island & back <before> breakfast.",
      transcript_by: "author",
    });
    expect(firstFiles.get("index.html")?.toString("utf8")).toContain(
      "<summary>Read what was said</summary><p>We rowed to the island &amp; back &lt;before&gt; breakfast.</p>",
    );
    expect(firstFiles.get("index.html")?.toString("utf8")).toContain('<audio controls preload="metadata" src="recordings/1975-08-02%20The%20boat.webm"');
    expect(firstFiles.get("recordings/1975-08-02 The boat.webm")?.equals(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings/speech.webm")))).toBe(
      true,
    );
    expect(first.submissions.flatMap((submission) => submission.responses.flatMap((response) => response.photos ?? []))).toHaveLength(2);
    const answerRecording = first.submissions.flatMap((submission) => submission.responses).find((response) => response.recording)?.recording;
    expect(answerRecording).toMatchObject({
      content_type: "audio/mpeg",
      file_name: "Workshop.mp3",
      transcript: "Sawdust and linseed oil.",
      transcript_by: "author",
    });
    expect(answerRecording!.file).toMatch(/^recordings\/\d{4}-\d{2}-\d{2} What is your earliest memory\.mp3$/);
    expect(firstFiles.get(answerRecording!.file)?.equals(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings/speech.mp3")))).toBe(true);
    expect(firstFiles.get("index.html")?.toString("utf8")).toContain("<summary>Read what was said</summary><p>Sawdust and linseed oil.</p>");
    expect(first.questionnaires.map((questionnaire) => questionnaire.title).sort()).toEqual(["Summer at the lake", "Tom's questions"]);
    cleanUp = await switchToFreshInstance();
  });

  it("comes back the same, with the tags of the people found in the new family and without the others", async () => {
    const prisma = await getDb();
    expect(await prisma.memory.count()).toBe(0);
    // Margaret and Tom move to the new instance; Ruth does not.
    const owner = await createAccount({ firstName: "Margaret", lastName: "Hughes", email: EMAILS.owner });
    await createAccount({ familyId: owner.user.family_id, firstName: "Tom", lastName: "Hughes", email: EMAILS.relative });

    const imported = await importZip(owner, firstZip);
    expect(imported.status).toBe(201);
    expect(imported.body.data?.imported).toEqual({
      memories: 2,
      photos: 4,
      questionnaires: 2,
      submissions: 2,
      tags_linked: 1,
      tags_dropped: 1,
      answers_dropped: 0,
    });

    const secondFiles = await unzip(await downloadExportZip(owner));
    const second = JSON.parse(secondFiles.get("data.json")!.toString("utf8")) as ExportDocument;
    const expected = comparable(first, firstFiles);
    // Ruth is not in the new family: her tag and her place among the targets are dropped.
    expected.people = expected.people.filter((person) => person.email !== EMAILS.cousin);
    expected.memories[0]!.tags = expected.memories[0]!.tags.filter((tag) => tag.email !== EMAILS.cousin);
    for (const questionnaire of expected.questionnaires) questionnaire.targets = questionnaire.targets.filter((target) => target !== EMAILS.cousin);
    const answerPhotos = expected.submissions.flatMap((submission) => submission.responses.flatMap((response) => response.photos ?? []));
    expect(answerPhotos).toHaveLength(2);
    expect(
      [...expected.memories.flatMap((memory) => memory.photos), ...answerPhotos].map((photo) => photo.bytes?.length ?? 0).every((length) => length > 100),
    ).toBe(true);
    expect(comparable(second, secondFiles)).toEqual(expected);
    // And the photos went through the upload pipeline: the variants exist in this instance's storage.
    const photos = await prisma.memoryPhoto.findMany();
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      for (const key of [photo.original_key, photo.display_key, photo.thumbnail_key]) expect(await getStorage().head(key)).not.toBeNull();
    }
    // The answer's photos too, stored under their answer, with the print size the book uses.
    const answerRows = await prisma.responsePhoto.findMany({ include: { response: { select: { answer_text: true } } }, orderBy: { order_number: "asc" } });
    expect(answerRows.map((photo) => [photo.response.answer_text, photo.order_number, photo.width, photo.height])).toEqual([
      ["In Cardiff, in the spring of 1948.", 0, 64, 48],
      ["In Cardiff, in the spring of 1948.", 1, 30, 60],
    ]);
    for (const photo of answerRows) {
      expect(photo.original_key.startsWith(`answers/${photo.response_id}/`)).toBe(true);
      for (const key of [photo.original_key, photo.display_key, photo.thumbnail_key, photo.print_key!]) expect(await getStorage().head(key)).not.toBeNull();
    }
    // The answer's recording, checked and stored under its answer, its words as Margaret typed them.
    const answerRecordings = await prisma.recording.findMany({
      where: { response_id: { not: null } },
      include: { response: { select: { answer_text: true } } },
    });
    expect(answerRecordings.map((recording) => [recording.response!.answer_text, recording.transcript, recording.transcript_by])).toEqual([
      ["The smell of my father's workshop.", "Sawdust and linseed oil.", "author"],
    ]);
    expect(answerRecordings[0]!.original_key.startsWith(`recordings/${answerRecordings[0]!.response_id}/`)).toBe(true);
  });
});
