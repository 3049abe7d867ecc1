import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putMemoryRecording } from "@/app/api/memories/[id]/recording/route";
import { PUT as putPart } from "@/app/api/recording-uploads/[id]/parts/route";
import { DELETE as discardRoute, GET as readRoute } from "@/app/api/recording-uploads/[id]/route";
import { POST as startRoute } from "@/app/api/recording-uploads/route";
import { PUT as putByLinkRoute } from "@/app/api/weekly-questions/answer/recording/route";
import { POST as answerByLink } from "@/app/api/weekly-questions/answer/route";
import { MAX_RECORDING_BYTES, RECORDING_PART_BYTES } from "@/lib/constants";
import {
  RECORDING_PART_EMPTY,
  RECORDING_PART_PAST_END,
  RECORDING_PART_TOO_LARGE,
  RECORDING_UPLOAD_INCOMPLETE,
  RECORDING_UPLOAD_NOT_FOUND,
  recordingPartOutOfPlace,
  recordingTooLarge,
  TOO_MANY_RECORDING_UPLOADS,
} from "@/lib/schemas/recordings";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import {
  OPEN_RECORDING_UPLOADS,
  RECORDING_UPLOAD_LIFETIME_MS,
  RECORDING_UPLOADS_PREFIX,
  sweepStaleRecordingUploads,
} from "@/server/recordings/recording-uploads";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { toneWav } from "../helpers/wav";
import { weeklyQuestionLinkForTests } from "../helpers/weekly-links";

// A long recording sent in parts that resume (docs/decisions/044-recording-uploads-in-parts.md): a
// phone sends a story a part at a time, asks how far it got after a dropped connection and goes on
// from there; the recording's own PUT then names the finished upload, and it is kept exactly as a
// recording sent whole is. Each upload is its sender's alone.

let owner: TestAccount;
let relative: TestAccount;

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
});

const auth = (who: TestAccount | undefined) => ({ token: who?.token });
const start = (who: TestAccount | undefined, byteSize: number, query = "") =>
  call(startRoute, `/api/recording-uploads${query}`, { ...auth(who), body: { name: "The boat.wav", byte_size: byteSize } });
const progress = (who: TestAccount | undefined, id: string, query = "") =>
  call(readRoute, `/api/recording-uploads/${id}${query}`, { ...auth(who), params: { id } });
const sendPart = (who: TestAccount | undefined, id: string, offset: number | string, bytes: Uint8Array, query = "") =>
  call(putPart, `/api/recording-uploads/${id}/parts?offset=${encodeURIComponent(offset)}${query}`, {
    ...auth(who),
    method: "PUT",
    params: { id },
    body: bytes,
    headers: { "content-type": "application/octet-stream" },
  });
const keepForMemory = (who: TestAccount, memoryId: string, uploadId: string) =>
  call(putMemoryRecording, `/api/memories/${memoryId}/recording?name=The%20boat.wav&upload=${uploadId}`, {
    ...auth(who),
    method: "PUT",
    params: { id: memoryId },
  });

/** Every part of `bytes`, in order, from `from`. */
async function sendAll(who: TestAccount | undefined, id: string, bytes: Uint8Array, from = 0, query = "") {
  for (let offset = from; offset < bytes.length; offset += RECORDING_PART_BYTES) {
    const sent = await sendPart(who, id, offset, bytes.subarray(offset, offset + RECORDING_PART_BYTES), query);
    expect(sent.status).toBe(200);
  }
}

async function stored(prefix: string) {
  const keys: string[] = [];
  for await (const object of getStorage().list(prefix)) keys.push(object.key);
  return keys;
}

describe("a recording sent in parts", () => {
  it("resumes where it got to after a dropped connection, and is kept for the memory as the very same bytes", async () => {
    const story = toneWav(150); // 2.4 MB: three parts
    const memory = await createMemoryAs(owner.token, { title: "The boat" });
    const opened = await start(owner, story.length);
    expect(opened.status).toBe(201);
    expect(opened.body.data.upload).toMatchObject({ byte_size: story.length, received: 0, part_bytes: RECORDING_PART_BYTES });
    const id = opened.body.data.upload.id as string;

    // The first part arrives, but its answer is lost: the phone asks how far it got.
    expect((await sendPart(owner, id, 0, story.subarray(0, RECORDING_PART_BYTES))).status).toBe(200);
    expect((await progress(owner, id)).body.data.upload.received).toBe(RECORDING_PART_BYTES);
    // Sent again, or a part from further on: refused, with where to go on from.
    for (const offset of [0, 2 * RECORDING_PART_BYTES]) {
      const refused = await sendPart(owner, id, offset, story.subarray(offset, offset + RECORDING_PART_BYTES));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(recordingPartOutOfPlace(RECORDING_PART_BYTES));
    }
    // Not yet all there: the memory cannot take it.
    const early = await keepForMemory(owner, memory.id, id);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(RECORDING_UPLOAD_INCOMPLETE);

    await sendAll(owner, id, story, RECORDING_PART_BYTES);
    expect((await progress(owner, id)).body.data.upload.received).toBe(story.length);
    const kept = await keepForMemory(owner, memory.id, id);
    expect(kept.status).toBe(200);
    expect(kept.body.data.recording).toMatchObject({ file_name: "The boat.wav", content_type: "audio/wav", byte_size: story.length });
    expect(kept.body.data.recording.duration_seconds).toBeCloseTo(150, 0);
    const row = await (await getDb()).recording.findUniqueOrThrow({ where: { memory_id: memory.id } });
    expect(Buffer.from((await getStorage().get(row.original_key))!.body).equals(Buffer.from(story))).toBe(true);

    // The upload is used up: its parts are gone, and naming it again finds nothing.
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toEqual([]);
    expect((await progress(owner, id)).status).toBe(404);
    const again = await keepForMemory(owner, memory.id, id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(RECORDING_UPLOAD_NOT_FOUND);
  });

  it("is its sender's alone: a relative gets 404, someone signed out 401", async () => {
    const opened = await start(owner, 10);
    const id = opened.body.data.upload.id as string;
    expect((await start(undefined, 10)).status).toBe(401);
    for (const refused of [
      await progress(relative, id),
      await sendPart(relative, id, 0, new Uint8Array(10)),
      await call(discardRoute, `/api/recording-uploads/${id}`, { ...auth(relative), method: "DELETE", params: { id } }),
    ]) {
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(RECORDING_UPLOAD_NOT_FOUND);
    }
    expect((await progress(undefined, id)).status).toBe(401);
    expect((await sendPart(undefined, id, 0, new Uint8Array(10))).status).toBe(401);
    // A relative's memory cannot take the owner's upload.
    await sendPart(owner, id, 0, toneWav(1).subarray(0, 10));
    const theirs = await createMemoryAs(relative.token, { title: "Not yours" });
    const taken = await keepForMemory(relative, theirs.id, id);
    expect(taken.status).toBe(404);
    expect(taken.body.error).toBe(RECORDING_UPLOAD_NOT_FOUND);
    // Given up by its sender: gone with its parts.
    expect((await call(discardRoute, `/api/recording-uploads/${id}`, { ...auth(owner), method: "DELETE", params: { id } })).status).toBe(200);
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toEqual([]);
    expect((await progress(owner, id)).status).toBe(404);
  });

  it("refuses a recording too large, a part too large, empty or past the end, and a bad offset", async () => {
    const tooLarge = await start(owner, MAX_RECORDING_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe(recordingTooLarge("The boat.wav"));
    expect((await start(owner, 0)).status).toBe(400);

    const id = (await start(owner, RECORDING_PART_BYTES + 10)).body.data.upload.id as string;
    const big = await sendPart(owner, id, 0, new Uint8Array(RECORDING_PART_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(RECORDING_PART_TOO_LARGE);
    const empty = await sendPart(owner, id, 0, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(RECORDING_PART_EMPTY);
    expect((await sendPart(owner, id, 0, new Uint8Array(RECORDING_PART_BYTES))).status).toBe(200);
    const past = await sendPart(owner, id, RECORDING_PART_BYTES, new Uint8Array(11));
    expect(past.status).toBe(400);
    expect(past.body.error).toBe(RECORDING_PART_PAST_END);
    for (const offset of ["-1", "one", "1.5"]) expect((await sendPart(owner, id, offset, new Uint8Array(1))).status).toBe(400);
    expect((await progress(owner, id)).body.data.upload.received).toBe(RECORDING_PART_BYTES);

    // Offsets that Number() would read as 0, sent where an upload starts: refused, nothing counted.
    const fresh = (await start(owner, 2_000)).body.data.upload.id as string;
    for (const offset of ["", " ", " 0", "0x0", "0e0", "+0"]) {
      const refused = await sendPart(owner, fresh, offset, new Uint8Array(10));
      expect([offset, refused.status, refused.body.error]).toEqual([offset, 400, "offset must be a whole number of bytes"]);
    }
    const missing = await call(putPart, `/api/recording-uploads/${fresh}/parts`, {
      ...auth(owner),
      method: "PUT",
      params: { id: fresh },
      body: new Uint8Array(10),
      headers: { "content-type": "application/octet-stream" },
    });
    expect([missing.status, missing.body.error]).toEqual([400, "offset must be a whole number of bytes"]);
    expect((await progress(owner, fresh)).body.data.upload.received).toBe(0);
  });

  it("keeps exactly one of two copies of a part sent at once, and leaves no stray object", async () => {
    const id = (await start(owner, 2_000)).body.data.upload.id as string;
    const part = new Uint8Array(1_000).fill(7);
    const results = await Promise.all([sendPart(owner, id, 0, part), sendPart(owner, id, 0, part), sendPart(owner, id, 0, part)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    expect((await progress(owner, id)).body.data.upload.received).toBe(1_000);
    expect(await (await getDb()).recordingUploadPart.count({ where: { upload_id: id } })).toBe(1);
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toHaveLength(1);
  });

  it(`lets one person have ${OPEN_RECORDING_UPLOADS} uploads on their way at once, counted right when many open together`, async () => {
    const person = await createAccount({ firstName: "Many", lastName: "Stories" });
    const opened = await Promise.all(Array.from({ length: OPEN_RECORDING_UPLOADS + 2 }, () => start(person, 100)));
    expect(opened.filter((result) => result.status === 201)).toHaveLength(OPEN_RECORDING_UPLOADS);
    const refused = opened.filter((result) => result.status !== 201);
    expect(refused.map((result) => [result.status, result.body.error])).toEqual([
      [409, TOO_MANY_RECORDING_UPLOADS],
      [409, TOO_MANY_RECORDING_UPLOADS],
    ]);
  });

  it("is never kept short: a part that storage gives back shorter than it arrived refuses the recording, and nothing is kept", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Cut short" });
    const story = toneWav(80);
    const id = (await start(owner, story.length)).body.data.upload.id as string;
    await sendAll(owner, id, story);
    const last = await (await getDb()).recordingUploadPart.findFirstOrThrow({ where: { upload_id: id }, orderBy: { offset: "desc" } });
    await getStorage().put(last.key, Buffer.from(story.subarray(last.offset, last.offset + last.byte_size - 4_096)), "application/octet-stream");
    const refused = await keepForMemory(owner, memory.id, id);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe("A part of the recording could not be read back. Please send the recording again.");
    expect(await (await getDb()).recording.count({ where: { memory_id: memory.id } })).toBe(0);
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toEqual([]);
  });

  it("is refused as a recording by its bytes once all there, and its parts go", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Words only" });
    const words = new TextEncoder().encode("not a sound at all, only words ".repeat(40_000));
    const id = (await start(owner, words.length)).body.data.upload.id as string;
    await sendAll(owner, id, words);
    const refused = await keepForMemory(owner, memory.id, id);
    expect(refused.status).toBe(415);
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toEqual([]);
    expect(await (await getDb()).recording.count({ where: { memory_id: memory.id } })).toBe(0);
  });

  it("goes through the weekly question's link, without a password, for the answer the link gave", async () => {
    const { grandma, token } = await weeklyQuestionLinkForTests();
    expect((await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "In the orchard." } })).status).toBe(201);
    const link = `&token=${encodeURIComponent(token)}`;
    const story = toneWav(80);
    const opened = await call(startRoute, `/api/recording-uploads?token=${encodeURIComponent(token)}`, {
      body: { name: "Orchard.wav", byte_size: story.length },
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data.upload.id as string;
    await sendAll(undefined, id, story, 0, link);
    // The link stands for the answer's author: someone else signed in does not.
    expect((await progress(relative, id)).status).toBe(404);
    const kept = await call(putByLinkRoute, `/api/weekly-questions/answer/recording?token=${encodeURIComponent(token)}&name=Orchard.wav&upload=${id}`, {
      method: "PUT",
    });
    expect(kept.status).toBe(200);
    const row = await (await getDb()).recording.findFirstOrThrow({ where: { response: { submission: { user_id: grandma.user.id } } } });
    expect(Buffer.from((await getStorage().get(row.original_key))!.body).equals(Buffer.from(story))).toBe(true);
  });

  it("answers any offset and any part with the upload as it stands or a clear refusal, and never counts a byte twice (fuzzed)", async () => {
    const id = (await start(owner, 5_000)).body.data.upload.id as string;
    let received = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 12 }), fc.nat({ max: 6_000 }).map(String), fc.constant("RECEIVED")),
        fc.nat({ max: 2_500 }),
        async (offset, length) => {
          const at = offset === "RECEIVED" ? String(received) : offset;
          const sent = await sendPart(owner, id, at, new Uint8Array(length).fill(3));
          expect([200, 400, 409]).toContain(sent.status);
          expect(typeof sent.body.error === "string" || sent.status === 200).toBe(true);
          if (sent.status === 200) {
            expect(Number(at)).toBe(received);
            received += length;
          }
          expect((await progress(owner, id)).body.data.upload.received).toBe(received);
        },
      ),
      { numRuns: 60 },
    );
    const parts = await (await getDb()).recordingUploadPart.findMany({ where: { upload_id: id }, orderBy: { offset: "asc" } });
    expect(parts.reduce((next, part) => (part.offset === next ? next + part.byte_size : -1), 0)).toBe(received);
  });

  it("is swept with its parts when never kept within a day, as is a part no upload names", async () => {
    const id = (await start(owner, 2_000)).body.data.upload.id as string;
    await sendPart(owner, id, 0, new Uint8Array(1_000).fill(1));
    const stray = `${RECORDING_UPLOADS_PREFIX}${crypto.randomUUID()}/0000000000-stray`;
    await getStorage().put(stray, Buffer.from("left behind"), "application/octet-stream");

    await sweepStaleRecordingUploads({ now: new Date(Date.now() + 60_000) });
    expect((await progress(owner, id)).status).toBe(200);
    expect(await stored(stray)).toEqual([stray]);

    await sweepStaleRecordingUploads({ now: new Date(Date.now() + RECORDING_UPLOAD_LIFETIME_MS + 60_000) });
    expect(await (await getDb()).recordingUpload.count({ where: { id } })).toBe(0);
    expect(await stored(`${RECORDING_UPLOADS_PREFIX}${id}/`)).toEqual([]);
    expect(await stored(stray)).toEqual([]);
  });
});
