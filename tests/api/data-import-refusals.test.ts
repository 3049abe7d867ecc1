import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/imports/route";
import { IMPORT_LIMITS, tooManyImportPhotos, tooManyImportPixels, type ExportDocument } from "@/lib/schemas/data-export";
import { DATE_IN_FUTURE, notAnImage, TITLE_REQUIRED, TOO_MANY_PHOTOS } from "@/lib/schemas/memories";
import { ANSWER_TOO_SHORT } from "@/lib/schemas/questionnaires";
import { notARecording } from "@/lib/schemas/recordings";
import { controlCharacters, notOneLine } from "@/lib/schemas/text";
import { IMPORT_ALREADY_RUNNING, IMPORT_NOT_ZIP_TYPE, IMPORT_TOO_LARGE, importExportFile, importsByAccount } from "@/server/book/exports/import-export";
import {
  DATA_NOT_JSON,
  DATA_TOO_DEEP,
  FAMILY_EXPORT_NOT_IMPORTABLE,
  fileTooLargeInZip,
  invalidData,
  missingPhoto,
  missingRecording,
  NO_DATA_FILE,
  NOT_A_ZIP,
  NOT_AN_EXPORT,
  photoNamedTwice,
  TOO_MANY_ENTRIES,
  unexpectedFile,
  unsupportedVersion,
} from "@/server/book/exports/read-export-zip";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { PEER_ADDRESS_HEADER } from "@/server/platform/http/request-info";
import { getStorage } from "@/server/platform/storage";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { ORIGIN, randomAddress } from "../helpers/api";
import { downloadExportZip, importZip } from "../helpers/data-exports";
import { blackPng, createMemoryAs, jpeg } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { renameInZip, unzip, zipFiles } from "../helpers/zip";

// An import trusts nothing in the ZIP (docs/decisions/023-export-and-import.md): each refusal is a
// 400 with a sentence saying what is wrong, and a refused import leaves nothing behind, neither
// rows nor objects in storage. The parser is fuzzed with whatever bytes and JSON fast-check makes.

let owner: TestAccount;
let relative: TestAccount;
let validZip: Buffer;
let validFiles: Map<string, Buffer>;
let document: ExportDocument;
let familyZip: Buffer;
const scratch = mkdtempSync(path.join(tmpdir(), "family-book-import-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Everything of the relative's that an import could write: rows, and objects in storage. */
async function relativeState() {
  const prisma = await getDb();
  const objects: string[] = [];
  for (const prefix of ["memories/", "recordings/"]) for await (const object of getStorage().list(prefix)) objects.push(object.key);
  return {
    memories: await prisma.memory.count({ where: { user_id: relative.user.id } }),
    photos: await prisma.memoryPhoto.count(),
    recordings: await prisma.recording.count(),
    submissions: await prisma.submission.count({ where: { user_id: relative.user.id } }),
    questionnaires: await prisma.questionnaire.count({ where: { audience: { not: "GLOBAL" } } }),
    objects: objects.sort(),
  };
}

const withData = (data: unknown, extra: [string, Buffer | string][] = []) =>
  zipFiles([["data.json", typeof data === "string" ? data : JSON.stringify(data)], ...[...validFiles].filter(([name]) => name !== "data.json"), ...extra]);

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
  await createMemoryAs(owner.token, { title: "The boat", memory_date: "1975-08-02", is_shared: "true", taggedUserIds: relative.user.id }, [
    { name: "boat.jpg", bytes: await jpeg() },
  ]);
  const questionnaire = await createCustomQuestionnaire(owner, { title: "Summers" });
  await answer(owner, [{ question_id: questionnaire.questionIds[0]!, answer_text: "At the lake, every year" }]);
  validZip = await downloadExportZip(owner, "account");
  validFiles = await unzip(validZip);
  document = JSON.parse(validFiles.get("data.json")!.toString("utf8"));
  familyZip = await downloadExportZip(owner, "family");
});

/** A memory of the export with its own ids and the given photos' files, each at its own place in the ZIP. */
function memoryWithPhotos(index: number, files: string[]) {
  const base = document.memories[0]!;
  const id = (n: number) => `6f0f5c1e-8d8c-4c9a-${String(index).padStart(4, "0")}-${String(n).padStart(12, "0")}`;
  return {
    ...base,
    id: id(0),
    photos: files.map((file, order) => ({ ...base.photos[0]!, id: id(order + 1), order_number: order, file })),
  };
}
const photoFile = (memory: number, photo: number) =>
  `photos/6f0f5c1e-8d8c-4c9a-${String(memory).padStart(4, "0")}-000000000000/6f0f5c1e-8d8c-4c9a-${String(memory).padStart(4, "0")}-${String(photo + 1).padStart(12, "0")}.jpg`;
/** A recording as an export names it. */
const recordingEntry = {
  id: "6f0f5c1e-8d8c-4c9a-9999-000000000001",
  file: "recordings/1975-08-02 The boat.m4a",
  content_type: "audio/mp4",
  duration_seconds: 3.2,
  byte_size: 13_573,
  file_name: "Boat.m4a",
  created_at: "2026-11-28T10:00:00.000Z",
};
const withMemory = (change: Record<string, unknown>) => withData({ ...document, memories: [{ ...document.memories[0], ...change }] });

describe("POST /api/imports refuses", () => {
  // Each case imports as a relative of their own: imports are counted per person (5 an hour).
  beforeEach(async () => {
    relative = await createAccount({ familyId: owner.user.family_id, firstName: "Tom", lastName: "Hughes" });
  });

  it("the anonymous, another content type, and a body over the cap", async () => {
    expect((await importZip(null, validZip)).status).toBe(401);
    const typed = await importZip(relative, validZip, { "content-type": "application/json" });
    expect(typed).toMatchObject({ status: 415, body: { error: IMPORT_NOT_ZIP_TYPE } });
    const huge = await importRoute(
      new Request(`${ORIGIN}/api/imports`, {
        method: "POST",
        headers: {
          host: "localhost:3000",
          authorization: `Bearer ${relative.token}`,
          "content-type": "application/zip",
          "content-length": String(600 * 1024 * 1024),
        },
        body: new Uint8Array(10),
        // @ts-expect-error -- Node's fetch needs it for a body with a declared length it does not check here
        duplex: "half",
      }),
      { params: Promise.resolve({}) },
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe(IMPORT_TOO_LARGE);
  });

  it.each([
    ["bytes that are not a ZIP", async () => Buffer.from("PK\u0003\u0004 certainly not a zip"), NOT_A_ZIP],
    ["a ZIP without data.json", async () => zipFiles([["index.html", "<p>hi</p>"]]), NO_DATA_FILE],
    [
      "a path that climbs out",
      async () =>
        renameInZip(
          await zipFiles([
            ["data.json", "{}"],
            ["aa/aa/etc/passwd", "x"],
          ]),
          "aa/aa/etc/passwd",
          "../../etc/passwd",
        ),
      unexpectedFile("../../etc/passwd"),
    ],
    [
      "a photo path that climbs out",
      async () => renameInZip(await zipFiles([["photos/x/aa/aa/evil.sh", "x"]]), "photos/x/aa/aa/evil.sh", "photos/x/../../evil.sh"),
      unexpectedFile("photos/x/../../evil.sh"),
    ],
    [
      "a file an export does not have",
      async () =>
        zipFiles([
          ["data.json", "{}"],
          ["notes.txt", "x"],
        ]),
      unexpectedFile("notes.txt"),
    ],
    ["data.json that is not JSON", async () => zipFiles([["data.json", "{ not json"]]), DATA_NOT_JSON],
    ["JSON of something else", async () => zipFiles([["data.json", '{"hello":"world"}']]), NOT_AN_EXPORT],
    ["another format version", async () => withData({ ...document, version: 2 }), unsupportedVersion(2)],
    ["a family's export", async () => familyZip, FAMILY_EXPORT_NOT_IMPORTABLE],
    [
      "a memory without a title",
      async () => withData({ ...document, memories: [{ ...document.memories[0], title: 42 }] }),
      invalidData("memories.0.title", TITLE_REQUIRED),
    ],
    [
      "a memory of someone else",
      async () => withData({ ...document, memories: [{ ...document.memories[0], author_id: relative.user.id }] }),
      invalidData("memories.0.author_id", "a personal export holds only its author's memories."),
    ],
    [
      "a photo that is not in the ZIP",
      async () => zipFiles([["data.json", JSON.stringify(document)]]),
      () => missingPhoto(document.memories[0]!.photos[0]!.file),
    ],
    [
      "a photo that is not an image",
      async () =>
        zipFiles([
          ["data.json", JSON.stringify(document)],
          [document.memories[0]!.photos[0]!.file, "<svg onload=alert(1)>"],
        ]),
      () => notAnImage(document.memories[0]!.photos[0]!.file.split("/").pop()!),
    ],
    ["a recording that is not in the ZIP", async () => withMemory({ recording: recordingEntry }), missingRecording("recordings/1975-08-02 The boat.m4a")],
    [
      "a recording that is not sound, whatever its name and declared type",
      async () =>
        withData({ ...document, memories: [{ ...document.memories[0], recording: recordingEntry }] }, [[recordingEntry.file, "<svg onload=alert(1)>"]]),
      notARecording("Boat.m4a"),
    ],
    [
      "a data.json nested deeper than any export (8 MB of brackets in a few kB)",
      async () => zipFiles([["data.json", "[".repeat(4_000_000) + "]".repeat(4_000_000)]]),
      DATA_TOO_DEEP,
    ],
    [
      "a memory with more photos than a memory can have",
      async () => {
        const files = Array.from({ length: 7 }, (_, photo) => photoFile(1, photo));
        return withData(
          { ...document, memories: [memoryWithPhotos(1, files)] },
          files.map((file) => [file, validFiles.get(document.memories[0]!.photos[0]!.file)!]),
        );
      },
      invalidData("memories.0.photos", TOO_MANY_PHOTOS),
    ],
    [
      "one photo in the ZIP named by several memories",
      async () => {
        const file = document.memories[0]!.photos[0]!.file;
        return withData({ ...document, memories: Array.from({ length: 15 }, (_, index) => memoryWithPhotos(index + 1, [file])) });
      },
      () => photoNamedTwice(document.memories[0]!.photos[0]!.file),
    ],
    ["a title with a NUL", async () => withMemory({ title: "Boat\u0000trip" }), invalidData("memories.0.title", controlCharacters("Title"))],
    ["a title on two lines", async () => withMemory({ title: "Boat\ntrip" }), invalidData("memories.0.title", notOneLine("Title"))],
    [
      "a title with a right-to-left override",
      async () => withMemory({ title: "Boat \u202etrip" }),
      invalidData("memories.0.title", controlCharacters("Title")),
    ],
    [
      "a story with half of an emoji",
      async () => withMemory({ content: "We rowed \ud83d away" }),
      invalidData("memories.0.content", controlCharacters("Memory content")),
    ],
    ["a memory dated in the future", async () => withMemory({ memory_date: "2999-01-01" }), invalidData("memories.0.memory_date", DATE_IN_FUTURE)],
    [
      "an answer shorter than an answer can be",
      async () => {
        const submission = document.submissions[0]!;
        return withData({ ...document, submissions: [{ ...submission, responses: [{ ...submission.responses[0]!, answer_text: "ok" }] }] });
      },
      invalidData("submissions.0.responses.0.answer_text", ANSWER_TOO_SHORT),
    ],
    [
      `more than ${IMPORT_LIMITS.photos} photos in all`,
      async () => {
        const memories = Array.from({ length: Math.ceil((IMPORT_LIMITS.photos + 1) / 5) }, (_, memory) =>
          memoryWithPhotos(
            memory + 1,
            [0, 1, 2, 3, 4].map((photo) => photoFile(memory + 1, photo)),
          ),
        );
        const files = memories.flatMap((memory) => memory.photos.map((photo): [string, string] => [photo.file, "x"]));
        return withData({ ...document, memories }, files);
      },
      tooManyImportPhotos(),
    ],
    [
      `photos of more than ${IMPORT_LIMITS.megapixels} million pixels in all, before any is decoded`,
      async () => {
        // 49 megapixels each, a few kB in the ZIP: 164 of them are over the budget.
        const picture = blackPng(7_000, 7_000);
        const count = Math.ceil(IMPORT_LIMITS.megapixels / 49) + 1;
        const memories = Array.from({ length: Math.ceil(count / 5) }, (_, memory) =>
          memoryWithPhotos(
            memory + 1,
            [0, 1, 2, 3, 4].map((photo) => photoFile(memory + 1, photo)),
          ),
        );
        const files = memories.flatMap((memory) => memory.photos.map((photo): [string, Buffer] => [photo.file, picture]));
        return withData({ ...document, memories }, files);
      },
      tooManyImportPixels(),
    ],
    [
      "a data.json that inflates beyond its cap (a zip bomb)",
      async () => zipFiles([["data.json", Buffer.alloc(33 * 1024 * 1024, 0x20)]]),
      fileTooLargeInZip("data.json"),
    ],
  ] as [string, () => Promise<Buffer>, string | (() => string)][])("%s, with a 400 saying so, and saves nothing", async (_name, make, message) => {
    const before = await relativeState();
    const result = await importZip(relative, await make());
    expect(result).toMatchObject({ status: 400, body: { error: typeof message === "function" ? message() : message } });
    expect(await relativeState()).toEqual(before);
  });

  it("a second import into the same account while one is running, with 409", async () => {
    // The first import's upload is held open: it has taken the account's turn and is still reading.
    let release!: () => void;
    const held = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(validZip.subarray(0, 100)));
        await new Promise<void>((resolve) => (release = resolve));
        controller.enqueue(new Uint8Array(validZip.subarray(100)));
        controller.close();
      },
    });
    const headers = {
      host: "localhost:3000",
      "content-type": "application/zip",
      authorization: `Bearer ${relative.token}`,
      [PEER_ADDRESS_HEADER]: randomAddress(),
    };
    // @ts-expect-error -- Node's fetch needs duplex for a streamed body
    const first = importRoute(new Request(`${ORIGIN}/api/imports`, { method: "POST", headers, body: held, duplex: "half" }), { params: Promise.resolve({}) });
    await expect.poll(async () => (await getDb()).importRun.count({ where: { user_id: relative.user.id } })).toBe(1);
    const second = await Promise.all([importZip(relative, validZip), importZip(relative, validZip)]);
    expect(second).toMatchObject([
      { status: 409, body: { error: IMPORT_ALREADY_RUNNING } },
      { status: 409, body: { error: IMPORT_ALREADY_RUNNING } },
    ]);
    release();
    expect((await first).status).toBe(201);
    // Once it has finished, the next import may run.
    expect((await importZip(relative, validZip)).status).toBe(201);
  });

  it(`more than ${importsByAccount.limit} imports by one person in an hour, with 429`, async () => {
    const notAZip = Buffer.from("not a zip");
    for (let attempt = 0; attempt < importsByAccount.limit; attempt += 1) expect((await importZip(relative, notAZip)).status).toBe(400);
    const refused = await importZip(relative, validZip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many imports in a short time\. Please wait \d+ minutes? and try again\.$/);
  });

  it("a ZIP of more files than an import takes, before reading any", async () => {
    const files: [string, string][] = [["data.json", "{}"]];
    for (let index = 0; index < 20_001; index += 1)
      files.push([`photos/${"0".repeat(8)}-0000-0000-0000-${String(index).padStart(12, "0")}/${"1".repeat(8)}-0000-0000-0000-000000000000.jpg`, ""]);
    const result = await importZip(relative, await zipFiles(files, { compress: false }));
    expect(result).toMatchObject({ status: 400, body: { error: TOO_MANY_ENTRIES } });
  });

  it("nothing at all when a later photo is refused: the objects of the earlier ones are removed again", async () => {
    const second = {
      ...document.memories[0]!,
      id: "6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b001",
      photos: [
        {
          ...document.memories[0]!.photos[0]!,
          id: "6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b002",
          file: "photos/6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b001/6f0f5c1e-8d8c-4c9a-9d42-5c0de7a1b002.jpg",
        },
      ],
    };
    const before = await relativeState();
    const zip = await withData({ ...document, memories: [document.memories[0], second] }, [[second.photos[0]!.file, Buffer.from("not a picture")]]);
    const result = await importZip(relative, zip);
    expect(result.status).toBe(400);
    expect(await relativeState()).toEqual(before);
  });
});

describe("the import parser, fuzzed", () => {
  /** Imports the bytes as a file; anything but a clear 400 (or a success) fails the property. */
  async function tryImport(bytes: Buffer) {
    const file = path.join(scratch, "fuzz.zip");
    writeFileSync(file, bytes);
    const viewer = { ...relative.user };
    try {
      await importExportFile({ viewer, filePath: file });
      return "imported";
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message.length).toBeGreaterThan(10);
      return "refused";
    }
  }

  it("gives a 400 for any bytes, and never saves", async () => {
    const before = await relativeState();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        expect(await tryImport(Buffer.from(bytes))).toBe("refused");
      }),
      { numRuns: 100 },
    );
    expect(await relativeState()).toEqual(before);
  });

  it("gives a 400 for a real export with bytes flipped, or imports it whole", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: validZip.length - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }),
        async (flips) => {
          const bytes = Buffer.from(validZip);
          for (const [at, xor] of flips) bytes[at] = bytes[at]! ^ xor;
          const before = await relativeState();
          const outcome = await tryImport(bytes);
          if (outcome === "refused") expect(await relativeState()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives a 400 for any JSON in data.json, and for an export with any field replaced", async () => {
    const before = await relativeState();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        expect(await tryImport(await withData(value))).toBe("refused");
      }),
      { numRuns: 60 },
    );
    expect(await relativeState()).toEqual(before);
    const memoryKeys = Object.keys(document.memories[0]!);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...memoryKeys), fc.jsonValue({ maxDepth: 2 }), async (key, value) => {
        const memory = { ...document.memories[0], [key]: value };
        const start = await relativeState();
        // A replacement may still be a valid memory (any string is a story): then it is imported whole.
        if ((await tryImport(await withData({ ...document, memories: [memory] }))) === "refused") expect(await relativeState()).toEqual(start);
      }),
      { numRuns: 60 },
    );
  });
});
