import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMPORT_LIMITS, tooManyImportPhotos, tooManyImportPixels, type ExportDocument } from "@/lib/schemas/data-export";
import { notAnImage } from "@/lib/schemas/memories";
import { TOO_MANY_ANSWER_PHOTOS } from "@/lib/schemas/questionnaires";
import { invalidData, missingPhoto, photoNamedTwice } from "@/server/book/exports/read-export-zip";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { downloadExportZip, importZip } from "../helpers/data-exports";
import { blackPng, createMemoryAs, jpeg } from "../helpers/memories";
import { addAnswerPhotosAs, answerChildhood, pickedPhotos } from "../helpers/questionnaires";
import { unzip, zipFiles } from "../helpers/zip";

// An answer's photos in an import (docs/export-format.md, docs/decisions/038-import-limits.md):
// checked like a memory's, counted with the memories' photos toward one import's photos and
// pixels, and, when anything is refused, leaving nothing behind, neither rows nor objects.

let owner: TestAccount;
let importer: TestAccount;
let document: ExportDocument;
let validFiles: Map<string, Buffer>;

/** Everything an import could write: rows, and objects in storage. */
async function importedState() {
  const prisma = await getDb();
  const objects: string[] = [];
  for (const folder of ["memories/", "answers/"]) for await (const object of getStorage().list(folder)) objects.push(object.key);
  return {
    memories: await prisma.memory.count({ where: { user_id: importer.user.id } }),
    submissions: await prisma.submission.count({ where: { user_id: importer.user.id } }),
    memoryPhotos: await prisma.memoryPhoto.count(),
    answerPhotos: await prisma.responsePhoto.count(),
    objects: objects.sort(),
  };
}

/** The export's ZIP with another data.json, and the given files added or put in place of the export's own. */
const withData = (data: unknown, extra: [string, Buffer | string][] = []) =>
  zipFiles([
    ["data.json", JSON.stringify(data)],
    ...[...validFiles].filter(([name]) => name !== "data.json" && !extra.some(([added]) => added === name)),
    ...extra,
  ]);

/** The export's answer with its photo ("born"), and the place of each in the document. */
const bornAnswer = () => document.submissions[0]!.responses.find((response) => (response.photos?.length ?? 0) > 0)!;
const bornIndex = () => document.submissions[0]!.responses.indexOf(bornAnswer());

/** The export with the answer about birth changed. */
function withBorn(change: Record<string, unknown>) {
  const submission = document.submissions[0]!;
  return {
    ...document,
    submissions: [{ ...submission, responses: submission.responses.map((response) => (response === bornAnswer() ? { ...response, ...change } : response)) }],
  };
}

const id = (group: number, n: number) => `7a1e5c1e-8d8c-4c9a-${String(group).padStart(4, "0")}-${String(n).padStart(12, "0")}`;
const photoFile = (group: number, n: number) => `photos/${id(group, 0)}/${id(group, n + 1)}.jpg`;
/** Photos for the answer about birth: each its own id and file. */
const answerPhotos = (files: string[]) => files.map((file, order) => ({ ...bornAnswer().photos![0]!, id: id(9000, order + 1), order_number: order, file }));
/** Memories of five photos each (the last with fewer), with their own ids and files. */
function memoriesWithPhotos(count: number) {
  const base = document.memories[0]!;
  return Array.from({ length: Math.ceil(count / 5) }, (_, memory) => ({
    ...base,
    id: id(memory + 1, 0),
    photos: Array.from({ length: Math.min(5, count - memory * 5) }, (_, photo) => ({
      ...base.photos[0]!,
      id: id(memory + 1, photo + 1),
      order_number: photo,
      file: photoFile(memory + 1, photo),
    })),
  }));
}

beforeAll(async () => {
  ({ owner } = await createFamilies());
  await createMemoryAs(owner.token, { title: "The boat", memory_date: "1975-08-02", is_shared: "true" }, [{ name: "boat.jpg", bytes: await jpeg() }]);
  const { bornId } = await answerChildhood(owner);
  expect((await addAnswerPhotosAs(owner, bornId, await pickedPhotos(["#e63946"]))).status).toBe(201);
  validFiles = await unzip(await downloadExportZip(owner));
  document = JSON.parse(validFiles.get("data.json")!.toString("utf8"));
  expect(bornAnswer().photos).toHaveLength(1);
});

describe("POST /api/imports with answers' photos", () => {
  // Each case imports as a relative of their own: imports are counted per person (5 an hour).
  beforeEach(async () => {
    importer = await createAccount({ familyId: owner.user.family_id, firstName: "Tom", lastName: "Hughes" });
  });

  it("brings an answer's photos back under it, through the upload pipeline", async () => {
    const before = await importedState();
    const result = await importZip(importer, await withData(document));
    expect(result.status).toBe(201);
    expect(result.body.data!.imported).toMatchObject({ memories: 1, photos: 2, submissions: 1 });
    const prisma = await getDb();
    const photos = await prisma.responsePhoto.findMany({
      where: { response: { submission: { user_id: importer.user.id } } },
      include: { response: { select: { answer_text: true } } },
    });
    expect(photos.map((photo) => photo.response.answer_text)).toEqual(["In Cardiff, in the spring of 1948."]);
    for (const key of [photos[0]!.original_key, photos[0]!.display_key, photos[0]!.thumbnail_key, photos[0]!.print_key!]) {
      expect(key.startsWith(`answers/${photos[0]!.response_id}/`)).toBe(true);
      expect(await getStorage().head(key)).not.toBeNull();
    }
    expect((await importedState()).answerPhotos).toBe(before.answerPhotos + 1);
  });

  it("leaves out the photos of an answer that cannot come back (a library question this instance does not have)", async () => {
    const file = photoFile(8000, 0);
    const data = withBorn({ question_id: id(8000, 0), photos: answerPhotos([file]) });
    // Its photo is not even read: it is no picture, and the import succeeds.
    const result = await importZip(importer, await withData(data, [[file, "not a picture"]]));
    expect(result.status).toBe(201);
    expect(result.body.data!.imported).toMatchObject({ photos: 1, submissions: 1, answers_dropped: 1 });
    expect(await (await getDb()).responsePhoto.count({ where: { response: { submission: { user_id: importer.user.id } } } })).toBe(0);
  });

  it.each([
    [
      "an answer with more photos than an answer can have",
      async () => {
        const files = Array.from({ length: 6 }, (_, photo) => photoFile(9000, photo));
        return withData(
          withBorn({ photos: answerPhotos(files) }),
          files.map((file) => [file, validFiles.get(bornAnswer().photos![0]!.file)!]),
        );
      },
      () => invalidData(`submissions.0.responses.${bornIndex()}.photos`, TOO_MANY_ANSWER_PHOTOS),
    ],
    [
      "an answer's photo that is not in the ZIP",
      async () => zipFiles([...validFiles].filter(([name]) => name !== bornAnswer().photos![0]!.file)),
      () => missingPhoto(bornAnswer().photos![0]!.file),
    ],
    [
      "one photo in the ZIP named by a memory and an answer",
      async () => withData(withBorn({ photos: answerPhotos([document.memories[0]!.photos[0]!.file]) })),
      () => photoNamedTwice(document.memories[0]!.photos[0]!.file),
    ],
    [
      "an answer's photo that is not an image",
      async () => withData(document, [[bornAnswer().photos![0]!.file, "<svg onload=alert(1)>"]]),
      () => notAnImage(bornAnswer().photos![0]!.file.split("/").pop()!),
    ],
    [
      `more than ${IMPORT_LIMITS.photos} photos, memories' and answers' together`,
      async () => {
        // Exactly as many memories' photos as an import takes; the answer's photo is one more.
        const memories = memoriesWithPhotos(IMPORT_LIMITS.photos);
        const files = memories.flatMap((memory) => memory.photos.map((photo): [string, string] => [photo.file, "x"]));
        return withData({ ...document, memories }, files);
      },
      tooManyImportPhotos(),
    ],
    [
      `photos of more than ${IMPORT_LIMITS.megapixels} million pixels, memories' and answers' together`,
      async () => {
        // 49 megapixels each: the memories' stay within the budget, the answer's takes it over.
        const picture = blackPng(7_000, 7_000);
        const memories = memoriesWithPhotos(Math.floor(IMPORT_LIMITS.megapixels / 49));
        const files = memories.flatMap((memory) => memory.photos.map((photo): [string, Buffer] => [photo.file, picture]));
        const answerFile = photoFile(9000, 0);
        return withData({ ...withBorn({ photos: answerPhotos([answerFile]) }), memories }, [...files, [answerFile, picture]]);
      },
      tooManyImportPixels(),
    ],
  ] as [string, () => Promise<Buffer>, string | (() => string)][])("refuses %s, with a 400 saying so, and saves nothing", async (_name, make, message) => {
    const before = await importedState();
    const result = await importZip(importer, await make());
    expect(result).toMatchObject({ status: 400, body: { error: typeof message === "function" ? message() : message } });
    expect(await importedState()).toEqual(before);
  });

  it("saves nothing when an answer's photo is refused after the memories' were stored: their objects are removed again", async () => {
    const before = await importedState();
    const file = photoFile(9000, 1);
    const data = withBorn({ photos: [...bornAnswer().photos!, ...answerPhotos([file]).map((photo) => ({ ...photo, order_number: 1 }))] });
    const result = await importZip(importer, await withData(data, [[file, Buffer.from("not a picture")]]));
    expect(result).toMatchObject({ status: 400, body: { error: notAnImage(file.split("/").pop()!) } });
    expect(await importedState()).toEqual(before);
  });
});
