import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as answerFollowUpRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { GET as followUpAudioRoute } from "@/app/api/follow-ups/[id]/recording/audio/route";
import { PUT as putFollowUpRecordingRoute } from "@/app/api/follow-ups/[id]/recording/route";
import { POST as askFollowUpRoute } from "@/app/api/follow-ups/route";
import { DELETE as deleteRecordingRoute, GET as getRecordingRoute } from "@/app/api/memories/[id]/recording/route";
import { DELETE as deleteMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as answerAudioRoute } from "@/app/api/questionnaires/responses/[id]/recording/audio/route";
import { PUT as putAnswerRecordingRoute } from "@/app/api/questionnaires/responses/[id]/recording/route";
import { PATCH as toggleAnswerRoute } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { ORPHAN_GRACE_MS, sweepOrphanPhotos } from "@/server/memories/sweep-orphan-photos";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { getStorage } from "@/server/platform/storage";
import { inspectRecording } from "@/server/recordings/inspect-recording";
import { makePlayableCopy, playableKeyOf } from "@/server/recordings/playable-copy";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { downloadExportZip, importZip } from "../helpers/data-exports";
import { startJobWorkers } from "../helpers/email-jobs";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { putRecordingAs, recordingFixture } from "../helpers/recordings";
import { fetchSigned, storedRecordingsOf } from "../helpers/stored";

// A playable copy (docs/decisions/041-voice-recordings.md): a recording not every browser plays as
// it was made (Ogg, Vorbis) gets a copy in AAC/MP4, made by the real ffmpeg in a job; the original
// is kept and served as it was, and the copy goes wherever the original goes.

let owner: TestAccount;
let relative: TestAccount;
let workers: Awaited<ReturnType<typeof startJobWorkers>>;

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
  workers = await startJobWorkers();
});

afterAll(async () => {
  await workers?.stop();
});

const ATTEMPT = { retryCount: 0, signal: new AbortController().signal };

const storedFor = storedRecordingsOf;

const rowOf = (memoryId: string) => getDb().then((prisma) => prisma.recording.findUniqueOrThrow({ where: { memory_id: memoryId } }));

async function toldOutLoud(title: string, fixture: string) {
  const memory = await createMemoryAs(owner.token, { title, is_shared: "true" });
  const saved = await putRecordingAs(owner.token, memory.id, recordingFixture(fixture), fixture);
  expect(saved.status).toBe(200);
  return { memory, saved: saved.body.data.recording };
}

describe("a recording not every browser plays as it was made", () => {
  it.each([
    ["speech-vorbis.ogg", "vorbis"],
    ["speech.ogg", "opus"],
  ])("%s (%s in Ogg) gets a copy in AAC/MP4 of the same length, made in a job; the original is served as it was", async (fixture, codec) => {
    const { memory, saved } = await toldOutLoud(`Told in ${codec}`, fixture);
    expect(saved.playable_url).toBeNull();
    await workers.runUntil(async () => (await rowOf(memory.id)).playable_copy);

    const row = await rowOf(memory.id);
    expect(row).toMatchObject({ container: "ogg", codec, playable_copy: true });
    expect(await storedFor(memory.id)).toEqual([row.original_key, playableKeyOf(row.original_key)].sort());

    // The family gets both: the original, byte for byte, and the copy.
    const heard = (await call(getRecordingRoute, `/api/memories/${memory.id}/recording`, { token: relative.token, params: { id: memory.id } })).body.data
      .recording;
    expect(heard.content_type).toBe("audio/ogg");
    expect(Buffer.from(await (await fetchSigned(heard.url)).arrayBuffer()).equals(Buffer.from(recordingFixture(fixture)))).toBe(true);
    const copy = await fetchSigned(heard.playable_url);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("audio/mp4");
    const facts = await inspectRecording(copy.body!, "copy.m4a");
    expect(facts).toMatchObject({ container: "mp4", codec: "aac" });
    expect(Math.abs(facts.durationSeconds * 1000 - row.duration_ms)).toBeLessThan(150);
  });

  it("an answer's, and the answer to a follow-up question's, get one too, heard through their own addresses", async () => {
    const { questionIds } = await createCustomQuestionnaire(owner);
    const saved = await answer(owner, [{ question_id: questionIds[0]!, answer_text: "By the river." }]);
    const responseId = saved.body.data.submission.responses[0].id as string;
    await call(toggleAnswerRoute, `/api/questionnaires/responses/${responseId}/toggle-shared`, {
      method: "PATCH",
      token: owner.token,
      params: { id: responseId },
      body: { is_shared: true },
    });
    const memory = await createMemoryAs(owner.token, { title: "The mill", is_shared: "true" });
    const asked = await call(askFollowUpRoute, "/api/follow-ups", { token: relative.token, body: { memory_id: memory.id, question: "Who ran the mill?" } });
    const followUpId = asked.body.data.follow_up.id as string;
    await call(answerFollowUpRoute, `/api/follow-ups/${followUpId}/answer`, { token: owner.token, params: { id: followUpId }, body: { answer: "My uncle." } });
    const bytes = recordingFixture("speech-vorbis.ogg");
    const put = (route: typeof putAnswerRecordingRoute, path: string, id: string) =>
      call(route, `${path}?name=told.ogg`, {
        method: "PUT",
        token: owner.token,
        params: { id },
        body: bytes,
        headers: { "content-type": "application/octet-stream" },
      });
    expect((await put(putAnswerRecordingRoute, `/api/questionnaires/responses/${responseId}/recording`, responseId)).status).toBe(200);
    expect((await put(putFollowUpRecordingRoute, `/api/follow-ups/${followUpId}/recording`, followUpId)).status).toBe(200);

    const prisma = await getDb();
    const copied = () => prisma.recording.count({ where: { OR: [{ response_id: responseId }, { follow_up_id: followUpId }], playable_copy: true } });
    await workers.runUntil(async () => (await copied()) === 2);
    for (const [route, path, id] of [
      [answerAudioRoute, `/api/questionnaires/responses/${responseId}/recording/audio`, responseId],
      [followUpAudioRoute, `/api/follow-ups/${followUpId}/recording/audio`, followUpId],
    ] as const) {
      const heard = await call(route, `${path}?copy=playable`, { token: relative.token, params: { id } });
      expect(heard.status).toBe(302);
      const copy = await fetchSigned(heard.headers.get("location")!);
      expect(copy.headers.get("content-type")).toBe("audio/mp4");
      expect(await inspectRecording(copy.body!, "copy.m4a")).toMatchObject({ container: "mp4", codec: "aac" });
    }
  });

  it("is made for a memory's and an answer's recording brought in by an import, as for one just recorded", async () => {
    const iris = await createAccount({ firstName: "Iris", lastName: "Vale" });
    const memory = await createMemoryAs(iris.token, { title: "The weir", is_shared: "true" });
    expect((await putRecordingAs(iris.token, memory.id, recordingFixture("speech-vorbis.ogg"), "weir.ogg")).status).toBe(200);
    const { questionIds } = await createCustomQuestionnaire(iris);
    const saved = await answer(iris, [{ question_id: questionIds[0]!, answer_text: "By the weir." }]);
    const responseId = saved.body.data.submission.responses[0].id as string;
    const told = await call(putAnswerRecordingRoute, `/api/questionnaires/responses/${responseId}/recording?name=weir.ogg`, {
      method: "PUT",
      token: iris.token,
      params: { id: responseId },
      body: recordingFixture("speech-vorbis.ogg"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(told.status).toBe(200);

    const importer = await createAccount({ firstName: "Iris", lastName: "Again" });
    expect((await importZip(importer, await downloadExportZip(iris))).status).toBe(201);
    const prisma = await getDb();
    const imported = () =>
      prisma.recording.findMany({
        where: { OR: [{ memory: { user_id: importer.user.id } }, { response: { submission: { user_id: importer.user.id } } }] },
        select: { memory_id: true, response_id: true, original_key: true, playable_copy: true },
      });
    expect(await imported()).toHaveLength(2);
    await workers.runUntil(async () => (await imported()).every((recording) => recording.playable_copy));
    for (const recording of await imported()) {
      expect(await storedFor((recording.memory_id ?? recording.response_id)!)).toEqual([recording.original_key, playableKeyOf(recording.original_key)].sort());
    }
  });

  it.each(["speech.m4a", "speech.mp3", "speech.webm", "speech.flac", "microphone.wav"])("%s plays everywhere as it was made: no copy", async (fixture) => {
    const { memory, saved } = await toldOutLoud(`As made: ${fixture}`, fixture);
    expect(saved.playable_url).toBeNull();
    const row = await rowOf(memory.id);
    expect(await makePlayableCopy({ recordingId: row.id }, ATTEMPT)).toEqual({ status: "plays-as-made" });
    expect(await storedFor(memory.id)).toEqual([row.original_key]);
  });

  it("without ffmpeg, the original is served alone and nothing fails", async () => {
    const { memory } = await toldOutLoud("No ffmpeg here", "speech-vorbis.ogg");
    const row = await rowOf(memory.id);
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    resetEnvForTests();
    try {
      expect(await makePlayableCopy({ recordingId: row.id }, ATTEMPT)).toEqual({ status: "no-ffmpeg" });
    } finally {
      delete process.env.FFMPEG_PATH;
      resetEnvForTests();
    }
    expect((await rowOf(memory.id)).playable_copy).toBe(false);
    const heard = (await call(getRecordingRoute, `/api/memories/${memory.id}/recording`, { token: owner.token, params: { id: memory.id } })).body.data
      .recording;
    expect(heard.playable_url).toBeNull();
    expect((await fetchSigned(heard.url)).status).toBe(200);
  });

  it("goes with its original: replaced, removed, or with the memory, nothing of it is left", async () => {
    const { memory } = await toldOutLoud("Replaced, then removed", "speech-vorbis.ogg");
    const first = await rowOf(memory.id);
    expect(await makePlayableCopy({ recordingId: first.id }, ATTEMPT)).toEqual({ status: "made" });
    expect(await makePlayableCopy({ recordingId: first.id }, ATTEMPT)).toEqual({ status: "already-made" });

    expect((await putRecordingAs(owner.token, memory.id, recordingFixture("speech.ogg"), "again.ogg")).status).toBe(200);
    const second = await rowOf(memory.id);
    expect(await makePlayableCopy({ recordingId: second.id }, ATTEMPT)).toEqual({ status: "made" });
    expect(await storedFor(memory.id)).toEqual([second.original_key, playableKeyOf(second.original_key)].sort());

    expect(
      (await call(deleteRecordingRoute, `/api/memories/${memory.id}/recording`, { method: "DELETE", token: owner.token, params: { id: memory.id } })).status,
    ).toBe(200);
    expect(await storedFor(memory.id)).toEqual([]);

    const other = await toldOutLoud("Deleted whole", "speech-vorbis.ogg");
    expect(await makePlayableCopy({ recordingId: (await rowOf(other.memory.id)).id }, ATTEMPT)).toEqual({ status: "made" });
    expect(await storedFor(other.memory.id)).toHaveLength(2);
    expect(
      (await call(deleteMemoryRoute, `/api/memories/${other.memory.id}`, { method: "DELETE", token: owner.token, params: { id: other.memory.id } })).status,
    ).toBe(200);
    expect(await storedFor(other.memory.id)).toEqual([]);
  });

  it("made while its recording is replaced, leaves only the recording that stays and its own copy", async () => {
    const { memory } = await toldOutLoud("Replaced while copied", "speech-vorbis.ogg");
    const first = await rowOf(memory.id);
    const [copied, replaced] = await Promise.all([
      makePlayableCopy({ recordingId: first.id }, ATTEMPT),
      putRecordingAs(owner.token, memory.id, recordingFixture("speech.m4a"), "instead.m4a"),
    ]);
    expect(replaced.status).toBe(200);
    expect(["made", "overtaken", "no-recording", "no-file"]).toContain(copied.status);
    const second = await rowOf(memory.id);
    expect(second.playable_copy).toBe(false);
    expect(await storedFor(memory.id)).toEqual([second.original_key]);
  });

  it("is kept by the nightly sweep while its original is, and removed when left behind", async () => {
    const { memory } = await toldOutLoud("Swept copy", "speech-vorbis.ogg");
    const row = await rowOf(memory.id);
    expect(await makePlayableCopy({ recordingId: row.id }, ATTEMPT)).toEqual({ status: "made" });
    const strayCopy = playableKeyOf(`${RECORDINGS_PREFIX}${memory.id}/left-behind`);
    await getStorage().put(strayCopy, Buffer.from(recordingFixture("speech.m4a")), "audio/mp4");
    await sweepOrphanPhotos({ now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
    expect(await storedFor(memory.id)).toEqual([row.original_key, playableKeyOf(row.original_key)].sort());
  });
});
