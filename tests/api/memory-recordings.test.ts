import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRecordingRoute, GET as getRecordingRoute } from "@/app/api/memories/[id]/recording/route";
import { DELETE as deleteMemoryRoute, GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as listMemoriesRoute } from "@/app/api/memories/route";
import { GET as sharedMemoriesRoute } from "@/app/api/memories/shared/route";
import { notARecording, recordingUnreadable, videoNotRecording } from "@/lib/schemas/recordings";
import { ORPHAN_GRACE_MS, sweepOrphanPhotos } from "@/server/memories/sweep-orphan-photos";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { NO_RECORDING } from "@/server/recordings/memory-recording";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { putRecordingAs, recordingFixture } from "../helpers/recordings";
import { fetchSigned, storedRecordingsOf } from "../helpers/stored";

// A memory told out loud: its author sends the recording, whoever may read the memory hears it,
// and a file that is not a recording, or is damaged, leaves nothing behind.

const fixture = recordingFixture;

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

const put = putRecordingAs;
const get = (token: string | undefined, memoryId: string) =>
  call(getRecordingRoute, `/api/memories/${memoryId}/recording`, { token, params: { id: memoryId } });
const remove = (token: string | undefined, memoryId: string) =>
  call(deleteRecordingRoute, `/api/memories/${memoryId}/recording`, { method: "DELETE", token, params: { id: memoryId } });

/** The stored objects under a memory's recordings folder. */
const storedFor = storedRecordingsOf;

describe("a memory's recording", () => {
  it("is given by the author and heard by the family (a shared memory), with its length read from its bytes", async () => {
    const memory = await createMemoryAs(owner.token, { title: "The blue boat", is_shared: "true" });
    const bytes = fixture("speech.m4a");

    const saved = await put(owner.token, memory.id, bytes);
    expect(saved.status).toBe(200);
    expect(saved.body.data.recording).toMatchObject({ content_type: "audio/mp4", byte_size: bytes.length, file_name: "Grandpa's boat.m4a" });
    expect(saved.body.data.recording.duration_seconds).toBeGreaterThan(3.1);
    expect(saved.body.data.recording.duration_seconds).toBeLessThan(3.4);

    for (const reader of [owner, relative]) {
      const heard = await get(reader.token, memory.id);
      expect(heard.status).toBe(200);
      expect(heard.body.data.recording).toMatchObject({ id: saved.body.data.recording.id, duration_seconds: saved.body.data.recording.duration_seconds });
    }
    // Its address plays from any point: one byte range at a time.
    const part = await fetchSigned((await get(relative.token, memory.id)).body.data.recording.url, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("audio/mp4");
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
  });

  it("comes with its memory wherever the memory is read: the author's list, the one memory and the Family Book; a memory without one says null", async () => {
    const told = await createMemoryAs(owner.token, { title: "Told out loud", is_shared: "true" });
    const written = await createMemoryAs(owner.token, { title: "Only written", is_shared: "true" });
    const saved = (await put(owner.token, told.id, fixture("speech.m4a"))).body.data.recording;

    const mine = (await call(listMemoriesRoute, "/api/memories?limit=100", { token: owner.token })).body.data.memories;
    const family = (await call(sharedMemoriesRoute, "/api/memories/shared?limit=100", { token: relative.token })).body.data.memories;
    const one = (await call(getMemoryRoute, `/api/memories/${told.id}`, { token: relative.token, params: { id: told.id } })).body.data.memory;
    for (const memories of [mine, family, [one]]) {
      const found = memories.find((memory: { id: string }) => memory.id === told.id);
      expect(found.recording).toMatchObject({
        id: saved.id,
        content_type: "audio/mp4",
        duration_seconds: saved.duration_seconds,
        byte_size: saved.byte_size,
        file_name: saved.file_name,
        created_at: saved.created_at,
        printed_code: false,
        playable_url: null,
      });
      expect(Object.keys(found.recording).sort()).toEqual([
        "byte_size",
        "content_type",
        "created_at",
        "duration_seconds",
        "file_name",
        "id",
        "playable_url",
        "printed_code",
        "transcript",
        "transcript_by",
        "transcript_status",
        "url",
      ]);
      // The signed address plays the very file that was sent.
      const heard = await fetchSigned(found.recording.url);
      expect(Buffer.from(await heard.arrayBuffer()).equals(Buffer.from(fixture("speech.m4a")))).toBe(true);
    }
    expect(mine.find((memory: { id: string }) => memory.id === written.id).recording).toBeNull();
    expect(family.find((memory: { id: string }) => memory.id === written.id).recording).toBeNull();
    // Another family reads neither the memory nor its recording.
    const theirs = (await call(sharedMemoriesRoute, "/api/memories/shared?limit=100", { token: stranger.token })).body.data.memories;
    expect(theirs.some((memory: { id: string }) => memory.id === told.id)).toBe(false);
  });

  it("is the memory's own business: another family, a relative of a private memory and anyone signed out hear nothing", async () => {
    const shared = await createMemoryAs(owner.token, { title: "Shared", is_shared: "true" });
    const private_ = await createMemoryAs(owner.token, { title: "Private" });
    for (const memory of [shared, private_]) expect((await put(owner.token, memory.id, fixture("speech.mp3"))).status).toBe(200);

    expect(await get(stranger.token, shared.id)).toMatchObject({ status: 404, body: { error: "Memory not found" } });
    expect(await get(relative.token, private_.id)).toMatchObject({ status: 404, body: { error: "Memory not found" } });
    expect((await get(undefined, shared.id)).status).toBe(401);
    expect((await get(owner.token, "not-a-memory")).status).toBe(404);
  });

  it("is given, replaced and removed by the author alone", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Only mine to tell", is_shared: "true" });
    for (const other of [relative, stranger]) {
      expect(await put(other.token, memory.id, fixture("speech.webm"))).toMatchObject({ status: 404, body: { error: "Memory not found" } });
    }
    expect((await put(undefined, memory.id, fixture("speech.webm"))).status).toBe(401);
    expect(await storedFor(memory.id)).toEqual([]);

    expect((await put(owner.token, memory.id, fixture("speech.webm"), "first.webm")).status).toBe(200);
    const first = (await get(owner.token, memory.id)).body.data.recording;
    const replaced = await put(owner.token, memory.id, fixture("speech.mp3"), "second.mp3");
    expect(replaced.body.data.recording).toMatchObject({ file_name: "second.mp3", content_type: "audio/mpeg" });
    expect(replaced.body.data.recording.id).not.toBe(first.id);
    // The first file went with it: one recording, one stored file.
    const prisma = await getDb();
    const rows = await prisma.recording.findMany({ where: { memory_id: memory.id } });
    expect(rows).toHaveLength(1);
    expect(await storedFor(memory.id)).toEqual([rows[0]!.original_key]);

    expect(await remove(relative.token, memory.id)).toMatchObject({ status: 404, body: { error: "Memory not found" } });
    expect(await remove(owner.token, memory.id)).toMatchObject({ status: 200, body: { data: { recording: { id: rows[0]!.id } } } });
    expect(await get(owner.token, memory.id)).toMatchObject({ status: 404, body: { error: NO_RECORDING } });
    expect(await remove(owner.token, memory.id)).toMatchObject({ status: 404, body: { error: NO_RECORDING } });
    expect(await storedFor(memory.id)).toEqual([]);
  });

  it("refuses what is not a recording, a video and a damaged file by their bytes, whatever their name, and keeps nothing of them", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Refusals" });
    const text = new TextEncoder().encode("Once upon a time there was a boat.");
    expect(await put(owner.token, memory.id, text, "story.m4a")).toMatchObject({ status: 415, body: { error: notARecording("story.m4a") } });
    expect(await put(owner.token, memory.id, fixture("videoaudio.mp4"), "birthday.mp4")).toMatchObject({
      status: 415,
      body: { error: videoNotRecording("birthday.mp4") },
    });
    expect(await put(owner.token, memory.id, fixture("speech.m4a").subarray(0, 600), "cut.m4a")).toMatchObject({
      status: 400,
      body: { error: recordingUnreadable("cut.m4a") },
    });
    expect(await storedFor(memory.id)).toEqual([]);
    expect(await (await getDb()).recording.count({ where: { memory_id: memory.id } })).toBe(0);
    // A name is only a name: folders and control characters are dropped.
    const named = await put(owner.token, memory.id, fixture("speech.ogg"), "../../etc/\u0007voice.ogg");
    expect(named.body.data.recording.file_name).toBe("voice.ogg");
  });

  it("stays one recording when two are sent at once: the later one is kept, and no stray file is left", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Two at once" });
    const results = await Promise.all([
      put(owner.token, memory.id, fixture("speech.webm"), "a.webm"),
      put(owner.token, memory.id, fixture("speech.mp3"), "b.mp3"),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const rows = await (await getDb()).recording.findMany({ where: { memory_id: memory.id } });
    expect(rows).toHaveLength(1);
    expect(await storedFor(memory.id)).toEqual([rows[0]!.original_key]);
  });

  it("goes with its memory, file and all", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Going" });
    await put(owner.token, memory.id, fixture("speech.flac"), "going.flac");
    expect(await storedFor(memory.id)).toHaveLength(1);
    expect((await call(deleteMemoryRoute, `/api/memories/${memory.id}`, { method: "DELETE", token: owner.token, params: { id: memory.id } })).status).toBe(200);
    expect(await storedFor(memory.id)).toEqual([]);
    expect(await (await getDb()).recording.count({ where: { memory_id: memory.id } })).toBe(0);
  });

  it("leaves the nightly sweep a recording file no memory names, and the sweep removes it while keeping those in use", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Swept" });
    await put(owner.token, memory.id, fixture("speech.webm"), "kept.webm");
    const stray = `${RECORDINGS_PREFIX}${memory.id}/left-behind`;
    await getStorage().put(stray, Buffer.from(fixture("speech.webm")), "audio/webm");
    await sweepOrphanPhotos({ now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
    const kept = (await (await getDb()).recording.findUniqueOrThrow({ where: { memory_id: memory.id } })).original_key;
    expect(await storedFor(memory.id)).toEqual([kept]);
  });
});
