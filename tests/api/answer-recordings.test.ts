import { beforeAll, describe, expect, it } from "vitest";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { GET as ownResponses } from "@/app/api/questionnaires/[id]/responses/route";
import { GET as audioRoute } from "@/app/api/questionnaires/responses/[id]/recording/audio/route";
import { DELETE as deleteRecordingRoute, GET as getRecordingRoute, PUT as putRecordingRoute } from "@/app/api/questionnaires/responses/[id]/recording/route";
import { PUT as putTranscriptRoute } from "@/app/api/questionnaires/responses/[id]/recording/transcript/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as sharedAnswers } from "@/app/api/questionnaires/responses/shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { DELETE as deleteByLinkRoute, PUT as putByLinkRoute } from "@/app/api/weekly-questions/answer/recording/route";
import { POST as answerByLink } from "@/app/api/weekly-questions/answer/route";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { recordingFixture } from "../helpers/recordings";
import { bytesBehind, storedRecordingsOf } from "../helpers/stored";
import { weeklyQuestionLinkForTests } from "../helpers/weekly-links";

// An answer told out loud (docs/decisions/041-voice-recordings.md): its author, signed in or through
// the answered question's emailed link, gives it one recording, checked by its bytes like a
// memory's; it is heard, read and found by whoever may read the answer (answer-visibility.ts) and
// by nobody else, and its file goes when the recording or the account goes.

const NOT_FOUND = "Response not found";
const NO_RECORDING = "This answer has no recording.";

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

const put = (who: TestAccount | undefined, responseId: string, bytes: Uint8Array, name = "The house on Elm Street.ogg") =>
  call(putRecordingRoute, `/api/questionnaires/responses/${responseId}/recording?name=${encodeURIComponent(name)}`, {
    method: "PUT",
    token: who?.token,
    body: bytes,
    headers: { "content-type": "application/octet-stream" },
    params: { id: responseId },
  });
const remove = (who: TestAccount | undefined, responseId: string) =>
  call(deleteRecordingRoute, `/api/questionnaires/responses/${responseId}/recording`, { method: "DELETE", token: who?.token, params: { id: responseId } });
const listen = (who: TestAccount | undefined, responseId: string, copy?: string) =>
  call(audioRoute, `/api/questionnaires/responses/${responseId}/recording/audio${copy ? `?copy=${copy}` : ""}`, {
    token: who?.token,
    params: { id: responseId },
  });
const read = (who: TestAccount | undefined, responseId: string) =>
  call(getRecordingRoute, `/api/questionnaires/responses/${responseId}/recording`, { token: who?.token, params: { id: responseId } });
const share = (who: TestAccount, responseId: string) =>
  call(toggleAnswer, `/api/questionnaires/responses/${responseId}/toggle-shared`, {
    method: "PATCH",
    token: who.token,
    params: { id: responseId },
    body: { is_shared: true },
  });

async function answered(author: TestAccount, text = "A white house with green shutters.") {
  const { id, questionIds } = await createCustomQuestionnaire(author);
  const saved = await answer(author, [{ question_id: questionIds[0]!, answer_text: text }]);
  expect(saved.status).toBe(201);
  return { questionnaireId: id, responseId: saved.body.data.submission.responses[0].id as string };
}

/** The recording objects in storage that no recording keeps (an original, or its playable copy). */
async function strayRecordings() {
  const kept = (await (await getDb()).recording.findMany({ select: { original_key: true } })).map((row) => row.original_key);
  const stray: string[] = [];
  for await (const object of getStorage().list(RECORDINGS_PREFIX)) if (!kept.some((key) => object.key.startsWith(key))) stray.push(object.key);
  return stray;
}

const storedFor = storedRecordingsOf;

/** Follows the app's redirect to the signed address and fetches the bytes it serves. */
async function heard(who: TestAccount, responseId: string) {
  const redirected = await listen(who, responseId);
  expect(redirected.headers.get("cache-control")).toBe("private, max-age=600");
  return bytesBehind(redirected);
}

describe("an answer's recording", () => {
  it("is given by the author, read with the answer at the app's own address, and heard as it was made", async () => {
    const { questionnaireId, responseId } = await answered(owner);
    const bytes = recordingFixture("speech.m4a");
    const saved = await put(owner, responseId, bytes, "Elm Street.m4a");
    expect(saved.status).toBe(200);
    const recording = saved.body.data.recording;
    expect(recording).toMatchObject({ file_name: "Elm Street.m4a", content_type: "audio/mp4", byte_size: bytes.byteLength, transcript: null });
    expect(recording.duration_seconds).toBeGreaterThan(1);

    const own = await call(ownResponses, `/api/questionnaires/${questionnaireId}/responses`, { token: owner.token, params: { id: questionnaireId } });
    const listed = own.body.data.responses.find((item: { id: string }) => item.id === responseId);
    expect(listed.recording).toMatchObject({ id: recording.id, url: `/api/questionnaires/responses/${responseId}/recording/audio`, playable_url: null });
    expect(await heard(owner, responseId)).toEqual(bytes);
    // A copy is asked of a recording that has none: nothing is there.
    expect((await listen(owner, responseId, "playable")).status).toBe(404);
    expect((await listen(owner, responseId, "louder")).status).toBe(400);
  });

  it("is heard by the family once the answer is shared, never by another family or anyone signed out", async () => {
    const { responseId } = await answered(owner);
    await put(owner, responseId, recordingFixture("speech.mp3"), "shutters.mp3");
    for (const who of [relative, stranger]) {
      const refused = await listen(who, responseId);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(NO_RECORDING);
      expect((await read(who, responseId)).status).toBe(404);
    }
    expect((await read(owner, responseId)).body.data.recording.file_name).toBe("shutters.mp3");
    expect((await share(owner, responseId)).status).toBe(200);
    expect(await heard(relative, responseId)).toEqual(recordingFixture("speech.mp3"));
    expect((await read(relative, responseId)).body.data.recording.file_name).toBe("shutters.mp3");
    expect((await listen(stranger, responseId)).status).toBe(404);
    expect((await read(stranger, responseId)).status).toBe(404);
    expect((await listen(undefined, responseId)).status).toBe(401);
    expect((await read(undefined, responseId)).status).toBe(401);

    // Both Family Book feeds carry it beside the answer.
    const answers = await call(sharedAnswers, "/api/questionnaires/responses/shared", { token: relative.token });
    expect(answers.body.data.responses.find((item: { id: string }) => item.id === responseId).recording.file_name).toBe("shutters.mp3");
    const submissions = await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: relative.token });
    const inFeed = submissions.body.data.submissions
      .flatMap((item: { responses: { id: string }[] }) => item.responses)
      .find((item: { id: string }) => item.id === responseId);
    expect(inFeed.recording).toMatchObject({ file_name: "shutters.mp3", url: `/api/questionnaires/responses/${responseId}/recording/audio` });
    // An answer without one says null.
    const { responseId: silent } = await answered(owner, "Just words.");
    await share(owner, silent);
    const again = await call(sharedAnswers, "/api/questionnaires/responses/shared", { token: relative.token });
    expect(again.body.data.responses.find((item: { id: string }) => item.id === silent).recording).toBeNull();
  });

  it("is given, replaced and removed by the author alone: a relative and another family get 404, a visitor 401", async () => {
    const { responseId } = await answered(owner);
    await share(owner, responseId);
    for (const who of [relative, stranger]) {
      const refused = await put(who, responseId, recordingFixture("speech.webm"));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(NOT_FOUND);
    }
    expect((await put(undefined, responseId, recordingFixture("speech.webm"))).status).toBe(401);
    expect(await storedFor(responseId)).toEqual([]);

    const first = (await put(owner, responseId, recordingFixture("speech.webm"), "first.webm")).body.data.recording;
    const second = await put(owner, responseId, recordingFixture("speech.flac"), "second.flac");
    expect(second.status).toBe(200);
    expect(second.body.data.recording.id).not.toBe(first.id);
    const rows = await (await getDb()).recording.findMany({ where: { response_id: responseId } });
    expect(rows.map((row) => row.file_name)).toEqual(["second.flac"]);
    expect(await storedFor(responseId)).toEqual([rows[0]!.original_key]);

    for (const who of [relative, stranger]) expect((await remove(who, responseId)).status).toBe(404);
    expect((await remove(undefined, responseId)).status).toBe(401);
    expect((await remove(owner, responseId)).status).toBe(200);
    expect(await storedFor(responseId)).toEqual([]);
    const gone = await remove(owner, responseId);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(NO_RECORDING);
  });

  it("refuses what is not a recording by its bytes, and keeps the recording that was there", async () => {
    const { responseId } = await answered(owner);
    await put(owner, responseId, recordingFixture("speech.ogg"), "kept.ogg");
    const refused = await put(owner, responseId, new TextEncoder().encode("not a sound at all, only words"), "fake.mp3");
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe("fake.mp3 is not a sound recording. Please choose an m4a, mp3, wav, ogg, webm, opus or flac file.");
    const video = await put(owner, responseId, recordingFixture("videoaudio.mp4"), "party.mp4");
    expect(video.status).toBe(415);
    const rows = await (await getDb()).recording.findMany({ where: { response_id: responseId } });
    expect(rows.map((row) => row.file_name)).toEqual(["kept.ogg"]);
    expect(await storedFor(responseId)).toEqual([rows[0]!.original_key]);
  });

  it("stays one recording when two are sent at once: the later one is kept, and no stray file is left", async () => {
    const { responseId } = await answered(owner);
    const results = await Promise.all([
      put(owner, responseId, recordingFixture("speech.webm"), "a.webm"),
      put(owner, responseId, recordingFixture("speech.mp3"), "b.mp3"),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const rows = await (await getDb()).recording.findMany({ where: { response_id: responseId } });
    expect(rows).toHaveLength(1);
    expect(await storedFor(responseId)).toEqual([rows[0]!.original_key]);
  });

  it("has words its author types, found by search under the answer's own visibility", async () => {
    const { responseId } = await answered(owner, "I will tell you about it.");
    await put(owner, responseId, recordingFixture("microphone.wav"), "porch.wav");
    const typeAs = (who: TestAccount | undefined, transcript: string) =>
      call(putTranscriptRoute, `/api/questionnaires/responses/${responseId}/recording/transcript`, {
        method: "PUT",
        token: who?.token,
        body: { transcript },
        params: { id: responseId },
      });
    expect((await typeAs(relative, "Not mine to write")).status).toBe(404);
    expect((await typeAs(undefined, "Not mine to write")).status).toBe(401);
    const typed = await typeAs(owner, "  We sat on the porch swing every evening  ");
    expect(typed.status).toBe(200);
    expect(typed.body.data.recording).toMatchObject({
      transcript: "We sat on the porch swing every evening",
      transcript_status: "ready",
      transcript_by: "author",
    });

    const search = async (who: TestAccount, q: string) =>
      (await call(searchRoute, `/api/search?q=${encodeURIComponent(q)}`, { token: who.token })).body.data.results as {
        item: { id: string };
        snippet: { text: string }[];
      }[];
    const found = (await search(owner, "porch swing")).find((result) => result.item.id === responseId);
    expect(found?.snippet.map((piece) => piece.text).join("")).toContain("porch swing");
    // Private: found by its author only; shared: by the family, never by another family.
    expect((await search(relative, "porch swing")).map((result) => result.item.id)).not.toContain(responseId);
    await share(owner, responseId);
    expect((await search(relative, "porch swing")).map((result) => result.item.id)).toContain(responseId);
    expect((await search(stranger, "porch swing")).map((result) => result.item.id)).not.toContain(responseId);

    // Removing the recording takes its words out of search.
    await remove(owner, responseId);
    expect((await search(relative, "porch swing")).map((result) => result.item.id)).not.toContain(responseId);
  });
});

describe("an answer told out loud through the emailed link", () => {
  const answeredByLink = weeklyQuestionLinkForTests;
  const putByLink = (token: string, bytes: Uint8Array, name = "Fig tree.m4a", options: { shared?: string; who?: TestAccount } = {}) =>
    call(
      putByLinkRoute,
      `/api/weekly-questions/answer/recording?token=${encodeURIComponent(token)}&name=${encodeURIComponent(name)}${options.shared ? `&shared=${options.shared}` : ""}`,
      { method: "PUT", token: options.who?.token, body: bytes, headers: { "content-type": "application/octet-stream" } },
    );
  const answerOf = async (grandma: TestAccount) =>
    (await getDb()).response.findMany({
      where: { submission: { user_id: grandma.user.id } },
      select: { id: true, answer_text: true, is_shared: true, recording: { select: { file_name: true } } },
    });
  const removeByLink = (token: string) => call(deleteByLinkRoute, "/api/weekly-questions/answer/recording", { method: "DELETE", body: { token } });
  const INVALID = "This link does not work any more. Sign in to Family Book to answer your questions.";

  it("records the answer the link gave, without a password, and removes it again", async () => {
    const { grandma, token } = await answeredByLink();
    expect((await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "Under the fig tree in my mother's yard." } })).status).toBe(
      201,
    );
    const saved = await putByLink(token, recordingFixture("speech.m4a"));
    expect(saved.status).toBe(200);
    // The page has no session: it plays at a signed address.
    expect(saved.body.data.recording.url).toMatch(/^\/api\/storage\/recordings\//);
    const response = await (await getDb()).response.findFirstOrThrow({ where: { submission: { user_id: grandma.user.id } }, select: { id: true } });
    expect(await heard(grandma, response.id)).toEqual(recordingFixture("speech.m4a"));

    expect((await removeByLink(token)).status).toBe(200);
    expect(await storedFor(response.id)).toEqual([]);
    expect((await removeByLink(token)).status).toBe(404);
  });

  it("answers a question still open with the recording alone: nothing written, shared as chosen, and kept while nothing is written", async () => {
    const { grandma, token } = await answeredByLink();
    const told = await putByLink(token, recordingFixture("speech.m4a"), "Fig tree.m4a", { shared: "true" });
    expect(told.status).toBe(201);
    expect(told.body.data.answer).toMatchObject({ is_shared: true });
    expect(told.body.data.recording).toMatchObject({ file_name: "Fig tree.m4a", content_type: "audio/mp4" });
    const [answer] = await answerOf(grandma);
    expect(answer).toEqual({ id: told.body.data.answer.response_id, answer_text: "", is_shared: true, recording: { file_name: "Fig tree.m4a" } });
    expect(await heard(grandma, answer!.id)).toEqual(recordingFixture("speech.m4a"));

    // The link has answered its question: it cannot answer again in words, only change the recording.
    const typed = await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "And in words as well." } });
    expect(typed.status).toBe(409);
    const again = await putByLink(token, recordingFixture("speech.m4a"), "Fig tree, again.m4a");
    expect(again.status).toBe(200);
    expect(again.body.data.answer).toBeUndefined();
    // Nothing is written, so the recording is the whole answer: it stays.
    const removed = await call(deleteByLinkRoute, "/api/weekly-questions/answer/recording", { method: "DELETE", body: { token } });
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe("This answer was told out loud with nothing written: write your answer before removing its recording.");
    expect(await answerOf(grandma)).toEqual([{ ...answer, recording: { file_name: "Fig tree, again.m4a" } }]);
    expect(await storedFor(answer!.id)).toHaveLength(1);
  });

  it("answers nothing with a file that is not a recording, or for someone signed in as another person; the question stays open", async () => {
    const { grandma, token } = await answeredByLink();
    const refused = await putByLink(token, new TextEncoder().encode("only words, no sound at all"), "memo.m4a");
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe("memo.m4a is not a sound recording. Please choose an m4a, mp3, wav, ogg, webm, opus or flac file.");
    const other = await createAccount({ firstName: "Olof" });
    const forSomeoneElse = await putByLink(token, recordingFixture("speech.m4a"), "Fig tree.m4a", { who: other });
    expect(forSomeoneElse.status).toBe(403);
    expect(await answerOf(grandma)).toEqual([]);
    expect(await strayRecordings()).toEqual([]);
    // Still open: answered in words now, as before.
    expect((await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "Under the fig tree." } })).status).toBe(201);
  });

  it("saves one answer when two recordings of an open question arrive at once, and leaves no stray file", async () => {
    const { grandma, token } = await answeredByLink();
    const results = await Promise.all([
      putByLink(token, recordingFixture("speech.m4a"), "First.m4a"),
      putByLink(token, recordingFixture("speech.m4a"), "Second.m4a"),
    ]);
    const statuses = results.map((result) => result.status).sort();
    // One answered; the other found it answered (409) or, coming after, replaced its recording (200).
    expect([
      [201, 409],
      [200, 201],
    ]).toContainEqual(statuses);
    const answers = await answerOf(grandma);
    expect(answers).toHaveLength(1);
    expect(await storedFor(answers[0]!.id)).toHaveLength(1);
    expect(await strayRecordings()).toEqual([]);
  });

  it("refuses an unknown or tampered link, and keeps nothing", async () => {
    const { grandma, token } = await answeredByLink();
    await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "On the farm near Ballina." } });
    for (const wrong of [`${token.slice(0, -2)}xx`, "a".repeat(43)]) {
      const refused = await putByLink(wrong, recordingFixture("speech.m4a"));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(INVALID);
    }
    expect((await putByLink("", recordingFixture("speech.m4a"))).status).toBe(400);
    // Her answer is there, and it has no recording.
    const answered = await (await getDb()).response.findFirstOrThrow({ where: { submission: { user_id: grandma.user.id } }, select: { recording: true } });
    expect(answered.recording).toBeNull();
  });
});

describe("deleting an account", () => {
  it("removes the recordings of the answers that go, file and all, and keeps those of answers left to the family", async () => {
    const person = await createAccount({ familyId: owner.user.family_id, firstName: "Leaving", lastName: "Soon" });
    const kept = await answered(person, "Shared with everyone.");
    await share(person, kept.responseId);
    const gone = await answered(person, "Only mine.");
    await put(person, kept.responseId, recordingFixture("speech.mp3"), "kept.mp3");
    await put(person, gone.responseId, recordingFixture("speech.webm"), "gone.webm");

    const deleted = await call(deleteAccountRoute, "/api/account/delete", {
      token: person.token,
      body: { keep: "shared_as_former_member", password: person.password },
    });
    expect(deleted.status).toBe(200);
    expect(await storedFor(gone.responseId)).toEqual([]);
    expect(await (await getDb()).recording.count({ where: { response_id: gone.responseId } })).toBe(0);
    expect(await storedFor(kept.responseId)).toHaveLength(1);
    expect(await heard(relative, kept.responseId)).toEqual(recordingFixture("speech.mp3"));
  });
});
