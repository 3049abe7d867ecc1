import { beforeAll, describe, expect, it } from "vitest";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { GET as summaries } from "@/app/api/conversations/route";
import { POST as answerRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { GET as audioRoute } from "@/app/api/follow-ups/[id]/recording/audio/route";
import { DELETE as deleteRecordingRoute, GET as getRecordingRoute, PUT as putRecordingRoute } from "@/app/api/follow-ups/[id]/recording/route";
import { PUT as putTranscriptRoute } from "@/app/api/follow-ups/[id]/recording/transcript/route";
import { POST as askRoute } from "@/app/api/follow-ups/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { FOLLOW_UP_NOT_ANSWERED, FOLLOW_UP_NOT_FOUND } from "@/lib/schemas/follow-ups";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { recordingFixture } from "../helpers/recordings";
import { bytesBehind, storedRecordingsOf } from "../helpers/stored";

// The answer to a "Tell us more" question told out loud (docs/product.md §22,
// docs/decisions/041-voice-recordings.md): the author who answered gives it one recording, checked
// by its bytes; it is heard under the story by whoever may read the question and its answer (the
// conversation rule) and by nobody else, and its file goes with the recording, or with the story.

const NO_RECORDING = "This answer has no recording.";

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

const put = (who: TestAccount | undefined, id: string, bytes: Uint8Array, name = "The flood.m4a") =>
  call(putRecordingRoute, `/api/follow-ups/${id}/recording?name=${encodeURIComponent(name)}`, {
    method: "PUT",
    token: who?.token,
    body: bytes,
    headers: { "content-type": "application/octet-stream" },
    params: { id },
  });
const remove = (who: TestAccount | undefined, id: string) =>
  call(deleteRecordingRoute, `/api/follow-ups/${id}/recording`, { method: "DELETE", token: who?.token, params: { id } });
const read = (who: TestAccount | undefined, id: string) => call(getRecordingRoute, `/api/follow-ups/${id}/recording`, { token: who?.token, params: { id } });
const listen = (who: TestAccount | undefined, id: string, copy?: string) =>
  call(audioRoute, `/api/follow-ups/${id}/recording/audio${copy ? `?copy=${copy}` : ""}`, { token: who?.token, params: { id } });
const writeDown = (who: TestAccount | undefined, id: string, transcript: string) =>
  call(putTranscriptRoute, `/api/follow-ups/${id}/recording/transcript`, { method: "PUT", token: who?.token, params: { id }, body: { transcript } });
const shareMemory = (author: TestAccount, memoryId: string, isShared: boolean) =>
  call(toggleMemory, `/api/memories/${memoryId}/toggle-shared`, {
    method: "PATCH",
    token: author.token,
    params: { id: memoryId },
    body: { is_shared: isShared },
  });

/** A shared memory of the author's, a relative's question about it, and — unless told — the author's written answer. */
async function askedAbout(author: TestAccount, { answer = true }: { answer?: boolean } = {}) {
  const memory = await createMemoryAs(author.token, { title: "The summer of the flood", is_shared: "true" });
  const asked = await call(askRoute, "/api/follow-ups", { token: relative.token, body: { memory_id: memory.id, question: "Where did you all sleep?" } });
  expect(asked.status).toBe(201);
  const followUpId = asked.body.data.follow_up.id as string;
  if (answer) {
    const answered = await call(answerRoute, `/api/follow-ups/${followUpId}/answer`, {
      token: author.token,
      params: { id: followUpId },
      body: { answer: "In the church hall." },
    });
    expect(answered.status).toBe(200);
  }
  return { memoryId: memory.id, followUpId };
}

const storedFor = storedRecordingsOf;

/** The answered question as the conversation under the story shows it to `who`. */
async function shownUnder(memoryId: string, followUpId: string, who: TestAccount) {
  const result = await call(summaries, `/api/conversations?memory=${memoryId}`, { token: who.token });
  expect(result.status).toBe(200);
  const summary = result.body.data.summaries[0] as { follow_ups: { id: string; recording: Record<string, unknown> | null }[] } | undefined;
  return summary?.follow_ups.find((followUp) => followUp.id === followUpId);
}

/** Follows the app's redirect to the signed address and fetches the bytes it serves. */
const heard = async (who: TestAccount, followUpId: string) => bytesBehind(await listen(who, followUpId));

describe("the recording of an answer to a follow-up question", () => {
  it("is given by the author who answered, shown under the story, and heard by the family as it was made", async () => {
    const { memoryId, followUpId } = await askedAbout(owner);
    const bytes = recordingFixture("speech.m4a");
    const saved = await put(owner, followUpId, bytes, "Church hall.m4a");
    expect(saved.status).toBe(200);
    expect(saved.body.data.recording).toMatchObject({
      file_name: "Church hall.m4a",
      content_type: "audio/mp4",
      byte_size: bytes.byteLength,
      url: `/api/follow-ups/${followUpId}/recording/audio`,
      printed_code: false,
    });

    for (const who of [owner, relative]) {
      const shown = await shownUnder(memoryId, followUpId, who);
      expect(shown?.recording).toMatchObject({ id: saved.body.data.recording.id, url: `/api/follow-ups/${followUpId}/recording/audio`, playable_url: null });
      expect((await read(who, followUpId)).body.data.recording.id).toBe(saved.body.data.recording.id);
      expect(await heard(who, followUpId)).toEqual(bytes);
    }
    // Another family, and anyone signed out, hear nothing.
    const refused = await listen(stranger, followUpId);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(NO_RECORDING);
    expect((await read(stranger, followUpId)).status).toBe(404);
    expect((await listen(undefined, followUpId)).status).toBe(401);
    expect((await listen(owner, followUpId, "playable")).status).toBe(404);
    expect((await listen(owner, followUpId, "louder")).status).toBe(400);
  });

  it("answers a question still waiting on its own: nothing written, the one who asked is told, and it stays while nothing is written", async () => {
    const { memoryId, followUpId } = await askedAbout(owner, { answer: false });
    // The one who asked cannot answer it out loud for the author.
    expect((await put(relative, followUpId, recordingFixture("speech.webm"))).status).toBe(404);
    const told = await put(owner, followUpId, recordingFixture("speech.webm"), "The hall.webm");
    expect(told.status).toBe(201);
    expect(told.body.data.follow_up).toMatchObject({ id: followUpId, answer: "" });
    expect(told.body.data.follow_up.answered_at).toEqual(expect.any(String));
    expect(told.body.data.recording).toMatchObject({ file_name: "The hall.webm" });
    // The family reads it answered under the story, and hears it.
    const shown = await shownUnder(memoryId, followUpId, relative);
    expect(shown).toMatchObject({ answer: "", recording: { file_name: "The hall.webm" } });
    expect(await heard(relative, followUpId)).toEqual(recordingFixture("speech.webm"));
    const prisma = await getDb();
    expect(await prisma.notification.count({ where: { recipient_id: relative.user.id, follow_up_id: followUpId } })).toBe(1);
    // Answered now: words written afterwards are refused as for any answered question, and a new recording replaces this one.
    const late = await call(answerRoute, `/api/follow-ups/${followUpId}/answer`, {
      token: owner.token,
      params: { id: followUpId },
      body: { answer: "In the hall." },
    });
    expect(late.status).toBe(409);
    const again = await put(owner, followUpId, recordingFixture("speech.flac"), "Again.flac");
    expect(again.status).toBe(200);
    expect(again.body.data.follow_up).toBeUndefined();
    const removed = await remove(owner, followUpId);
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe("This answer was told out loud with nothing written: write your answer before removing its recording.");
    expect(await storedFor(followUpId)).toHaveLength(1);
  });

  it("answers a waiting question once when two recordings arrive at once, and tells the one who asked once", async () => {
    const { followUpId } = await askedAbout(owner, { answer: false });
    const results = await Promise.all([
      put(owner, followUpId, recordingFixture("speech.webm"), "a.webm"),
      put(owner, followUpId, recordingFixture("speech.webm"), "b.webm"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 201]);
    const prisma = await getDb();
    expect(await prisma.notification.count({ where: { recipient_id: relative.user.id, follow_up_id: followUpId } })).toBe(1);
    expect(await storedFor(followUpId)).toHaveLength(1);
  });

  it("is given, replaced and removed by its author alone", async () => {
    const { followUpId } = await askedAbout(owner, { answer: false });
    // Nothing to write down or remove before the question is answered.
    const early = await writeDown(owner, followUpId, "Words");
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(FOLLOW_UP_NOT_ANSWERED);
    await call(answerRoute, `/api/follow-ups/${followUpId}/answer`, { token: owner.token, params: { id: followUpId }, body: { answer: "On the hill." } });

    // The one who asked, another family: the same 404 as for a question that is not there.
    for (const who of [relative, stranger]) {
      const refused = await put(who, followUpId, recordingFixture("speech.webm"));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(FOLLOW_UP_NOT_FOUND);
      expect((await writeDown(who, followUpId, "Words")).status).toBe(404);
    }
    expect((await put(undefined, followUpId, recordingFixture("speech.webm"))).status).toBe(401);
    expect(await storedFor(followUpId)).toEqual([]);

    const first = (await put(owner, followUpId, recordingFixture("speech.webm"), "first.webm")).body.data.recording;
    const second = await put(owner, followUpId, recordingFixture("speech.flac"), "second.flac");
    expect(second.status).toBe(200);
    expect(second.body.data.recording.id).not.toBe(first.id);
    const rows = await (await getDb()).recording.findMany({ where: { follow_up_id: followUpId } });
    expect(rows.map((row) => row.file_name)).toEqual(["second.flac"]);
    expect(await storedFor(followUpId)).toEqual([rows[0]!.original_key]);

    // Not a recording by its bytes: refused, and the one there stays.
    const fake = await put(owner, followUpId, new TextEncoder().encode("only words, no sound"), "fake.mp3");
    expect(fake.status).toBe(415);
    expect(await storedFor(followUpId)).toEqual([rows[0]!.original_key]);

    for (const who of [relative, stranger]) expect((await remove(who, followUpId)).status).toBe(404);
    expect((await remove(undefined, followUpId)).status).toBe(401);
    expect((await remove(owner, followUpId)).status).toBe(200);
    expect(await storedFor(followUpId)).toEqual([]);
    const gone = await remove(owner, followUpId);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(NO_RECORDING);
  });

  it("stays one recording when two are sent at once, with no stray file", async () => {
    const { followUpId } = await askedAbout(owner);
    const results = await Promise.all([
      put(owner, followUpId, recordingFixture("speech.webm"), "a.webm"),
      put(owner, followUpId, recordingFixture("speech.mp3"), "b.mp3"),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const rows = await (await getDb()).recording.findMany({ where: { follow_up_id: followUpId } });
    expect(rows).toHaveLength(1);
    expect(await storedFor(followUpId)).toEqual([rows[0]!.original_key]);
  });

  it("has words its author types, shown under the story and found by search", async () => {
    const { memoryId, followUpId } = await askedAbout(owner);
    await put(owner, followUpId, recordingFixture("microphone.wav"), "hall.wav");
    const written = await writeDown(owner, followUpId, "  We slept on the pews of the church hall.  ");
    expect(written.status).toBe(200);
    expect(written.body.data.recording).toMatchObject({
      transcript: "We slept on the pews of the church hall.",
      transcript_by: "author",
      transcript_status: "ready",
    });
    expect((await shownUnder(memoryId, followUpId, relative))?.recording).toMatchObject({ transcript: "We slept on the pews of the church hall." });

    // Search finds the answer by what was said, under the story's own visibility.
    const search = async (who: TestAccount) =>
      (await call(searchRoute, "/api/search?q=pews", { token: who.token })).body.data.results as { kind: string; id: string; snippet: { text: string }[] }[];
    const found = (await search(relative)).find((result) => result.id === followUpId);
    expect(found?.kind).toBe("follow_up");
    expect(found?.snippet.map((piece) => piece.text).join("")).toContain("slept on the pews");
    expect((await search(stranger)).map((result) => result.id)).not.toContain(followUpId);
    expect((await shareMemory(owner, memoryId, false)).status).toBe(200);
    expect((await search(relative)).map((result) => result.id)).not.toContain(followUpId);
  });

  it("is hidden with the story when it is made private, from everyone, and heard again when it is shared", async () => {
    const { memoryId, followUpId } = await askedAbout(owner);
    await put(owner, followUpId, recordingFixture("speech.mp3"), "hall.mp3");
    expect((await shareMemory(owner, memoryId, false)).status).toBe(200);
    for (const who of [relative, owner]) {
      expect((await listen(who, followUpId)).status).toBe(404);
      expect((await read(who, followUpId)).status).toBe(404);
    }
    // Nor can its author change it while the question is hidden.
    expect((await put(owner, followUpId, recordingFixture("speech.webm"))).status).toBe(404);
    expect((await shareMemory(owner, memoryId, true)).status).toBe(200);
    expect(await heard(relative, followUpId)).toEqual(recordingFixture("speech.mp3"));
  });
});

describe("deleting an account", () => {
  it("removes the recordings of answers on stories that go, file and all, and keeps those on stories left to the family", async () => {
    const person = await createAccount({ familyId: owner.user.family_id, firstName: "Leaving", lastName: "Soon" });
    const kept = await askedAbout(person);
    const gone = await askedAbout(person);
    // Made private: this story goes with the account, and the question and its recording with it.
    await put(person, kept.followUpId, recordingFixture("speech.mp3"), "kept.mp3");
    await put(person, gone.followUpId, recordingFixture("speech.webm"), "gone.webm");
    expect((await shareMemory(person, gone.memoryId, false)).status).toBe(200);

    const deleted = await call(deleteAccountRoute, "/api/account/delete", {
      token: person.token,
      body: { keep: "shared_as_former_member", password: person.password },
    });
    expect(deleted.status).toBe(200);
    expect(await storedFor(gone.followUpId)).toEqual([]);
    expect(await (await getDb()).recording.count({ where: { follow_up_id: gone.followUpId } })).toBe(0);
    expect(await storedFor(kept.followUpId)).toHaveLength(1);
    expect(await heard(relative, kept.followUpId)).toEqual(recordingFixture("speech.mp3"));
  });
});
