import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putTranscriptRoute } from "@/app/api/memories/[id]/recording/transcript/route";
import { GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as sharedMemoriesRoute } from "@/app/api/memories/shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
import { TRANSCRIPT_TOO_LONG } from "@/lib/schemas/recordings";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { transcribeRecording } from "@/server/recordings/transcription/transcribe-recording-job";
import { openAiTranscriptionEngine } from "@/server/recordings/transcription/transcription-engine";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { startJobWorkers } from "../helpers/email-jobs";
import { createMemoryAs } from "../helpers/memories";
import { putRecordingAs } from "../helpers/recordings";
import { INBOUND_TEST_DOMAIN, INBOUND_TEST_SECRET, postInbound, rawMessage } from "../helpers/replies";
import { speak, startSphinxTranscriber } from "../helpers/sphinx-transcriber";
import { weeklyQuestionLinkForTests } from "../helpers/weekly-links";
import { allowConsoleErrors } from "../setup/test-environment";

// A story told out loud is written down on the family's own server (docs/decisions/042-transcripts.md):
// each recording goes to the transcription engine TRANSCRIBE_URL names, here a real recogniser
// (pocketsphinx) hearing a real voice (espeak-ng). Its words are read beside the player, found by
// search under the memory's own visibility, and corrected by the author, whose words always win.

const SENTENCES = [
  "my grandmother rowed the blue boat across the lake every summer",
  "we planted apple trees behind the old farmhouse",
  "my father drove the red tractor to the market on sundays",
];
const SPOKEN = SENTENCES[1]!;

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let transcriber: Awaited<ReturnType<typeof startSphinxTranscriber>>;
let workers: Awaited<ReturnType<typeof startJobWorkers>>;
let speech: Uint8Array;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  // It reads what phones record too (a voice memo is AAC in MP4), as the whisper servers do.
  [transcriber, speech] = await Promise.all([startSphinxTranscriber({ sentences: SENTENCES, readsAnyFormat: true }), speak(SPOKEN)]);
  Object.assign(process.env, { TRANSCRIBE_URL: transcriber.url, TRANSCRIBE_MODEL: "family-test-model", TRANSCRIBE_API_KEY: "transcribe-key-123" });
  resetEnvForTests();
  workers = await startJobWorkers();
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  for (const name of ["TRANSCRIBE_URL", "TRANSCRIBE_MODEL", "TRANSCRIBE_API_KEY"]) delete process.env[name];
  resetEnvForTests();
  await transcriber?.close();
});

const putRecording = (token: string, memoryId: string, bytes: Uint8Array, name = "Apple trees.wav") => putRecordingAs(token, memoryId, bytes, name);
const putTranscript = (token: string | undefined, memoryId: string, body: unknown) =>
  call(putTranscriptRoute, `/api/memories/${memoryId}/recording/transcript`, { method: "PUT", token, body, params: { id: memoryId } });
const readRecording = async (token: string, memoryId: string) =>
  (await call(getMemoryRoute, `/api/memories/${memoryId}`, { token, params: { id: memoryId } })).body.data.memory.recording;
const statusOf = async (memoryId: string) =>
  (await (await getDb()).recording.findUnique({ where: { memory_id: memoryId }, select: { transcript_status: true } }))?.transcript_status;
type Found = { item_id: string; snippet: string };
/** What a search finds: each result's memory or answer, and its snippet as plain text. */
const searchFor = async (token: string, q: string): Promise<Found[]> =>
  (await call(searchRoute, `/api/search?q=${encodeURIComponent(q)}`, { token })).body.data.results.map(
    (result: { item: { id: string }; snippet: { text: string }[] }) => ({
      item_id: result.item.id,
      snippet: result.snippet.map((piece) => piece.text).join(""),
    }),
  );

describe("a recording written down by the engine", () => {
  it("is sent to the engine when it is saved, and the words the recogniser heard are the ones spoken, read by the family and found by search", async () => {
    const memory = await createMemoryAs(owner.token, { title: "The orchard", is_shared: "true" });
    const saved = await putRecording(owner.token, memory.id, speech);
    expect(saved.status).toBe(200);
    expect(saved.body.data.recording).toMatchObject({ transcript: null, transcript_status: "waiting", transcript_by: null });

    await workers.runUntil(async () => (await statusOf(memory.id)) !== "waiting");
    const recording = await readRecording(owner.token, memory.id);
    expect(recording).toMatchObject({ transcript: SPOKEN, transcript_status: "ready", transcript_by: "engine" });
    for (const other of SENTENCES.filter((sentence) => sentence !== SPOKEN)) expect(recording.transcript).not.toBe(other);
    // The engine was asked as configured: the model, the key, the file as it was made.
    expect(transcriber.requests.at(-1)).toEqual({
      model: "family-test-model",
      authorization: "Bearer transcribe-key-123",
      fileName: "Apple trees.wav",
      contentType: "audio/wav",
      bytes: speech.byteLength,
    });

    // The family reads the words beside the player.
    const shared = await call(sharedMemoriesRoute, "/api/memories/shared", { token: relative.token });
    expect(shared.body.data.memories.find((item: { id: string }) => item.id === memory.id).recording.transcript).toBe(SPOKEN);
    // Found by what was said, by whoever may read the memory, and by nobody else.
    const found = await searchFor(relative.token, "farmhouse");
    expect(found.map((result) => result.item_id)).toContain(memory.id);
    expect(found.find((result) => result.item_id === memory.id)!.snippet).toContain("farmhouse");
    expect((await searchFor(stranger.token, "farmhouse")).map((result) => result.item_id)).not.toContain(memory.id);
  });

  it("a private memory's words are found by its author only", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Kept to myself", is_shared: "false" });
    await putRecording(owner.token, memory.id, speech);
    await workers.runUntil(async () => (await statusOf(memory.id)) !== "waiting");
    expect((await searchFor(owner.token, "apple trees")).map((result) => result.item_id)).toContain(memory.id);
    expect((await searchFor(relative.token, "apple trees")).map((result) => result.item_id)).not.toContain(memory.id);
  });

  it("is tried again while the engine is down, and marked failed when the engine refuses the file, for the author to type", async () => {
    const retried = await createMemoryAs(owner.token, { title: "Engine down a while" });
    transcriber.failures.push(503, 503);
    // Each failed attempt is logged, and tried again.
    allowConsoleErrors(2);
    await putRecording(owner.token, retried.id, speech);
    await workers.runUntil(async () => (await statusOf(retried.id)) !== "waiting");
    expect(await readRecording(owner.token, retried.id)).toMatchObject({ transcript: SPOKEN, transcript_status: "ready" });

    const refused = await createMemoryAs(owner.token, { title: "Engine refuses" });
    transcriber.failures.push(400);
    await putRecording(owner.token, refused.id, speech);
    await workers.runUntil(async () => (await statusOf(refused.id)) !== "waiting");
    expect(await readRecording(owner.token, refused.id)).toMatchObject({ transcript: null, transcript_status: "failed", transcript_by: null });
  });

  it("never overwrites words the author typed while the engine was still listening", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Typed first" });
    // Sent while no worker takes it: the author's words arrive first.
    const prisma = await getDb();
    await putRecording(owner.token, memory.id, speech);
    const recording = await prisma.recording.findUniqueOrThrow({ where: { memory_id: memory.id }, select: { id: true } });
    expect((await putTranscript(owner.token, memory.id, { transcript: "We planted the apple trees in 1952." })).status).toBe(200);
    const engine = openAiTranscriptionEngine({ url: transcriber.url, model: "family-test-model" });
    const result = await transcribeRecording({ recordingId: recording.id }, { retryCount: 0, signal: new AbortController().signal }, engine);
    expect(result.status).toBe("already-ready");
    expect(await readRecording(owner.token, memory.id)).toMatchObject({ transcript: "We planted the apple trees in 1952.", transcript_by: "author" });
    await workers.runUntil(async () => true);
  });
});

describe("the author's own words", () => {
  it("are typed or corrected by the author, and cleared by an empty transcript", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Corrected", is_shared: "true" });
    await putRecording(owner.token, memory.id, speech);
    const corrected = await putTranscript(owner.token, memory.id, {
      transcript: "  We planted apple trees behind the old farmhouse,\nin the spring of 1952.  ",
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data.recording).toMatchObject({
      transcript: "We planted apple trees behind the old farmhouse,\nin the spring of 1952.",
      transcript_status: "ready",
      transcript_by: "author",
    });
    // The engine finishing later changes nothing.
    await workers.runUntil(async () => (await statusOf(memory.id)) !== "waiting");
    expect((await readRecording(relative.token, memory.id)).transcript).toBe("We planted apple trees behind the old farmhouse,\nin the spring of 1952.");
    expect((await searchFor(relative.token, "spring 1952")).map((result) => result.item_id)).toContain(memory.id);

    const cleared = await putTranscript(owner.token, memory.id, { transcript: "   " });
    expect(cleared.body.data.recording).toMatchObject({ transcript: null, transcript_status: "none", transcript_by: "author" });
    expect((await searchFor(relative.token, "spring 1952")).map((result) => result.item_id)).not.toContain(memory.id);
  });

  it("are the author's alone to write: a relative, a stranger and the anonymous are refused, and a memory without a recording says so", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Only mine to correct", is_shared: "true" });
    await putRecording(owner.token, memory.id, speech);
    for (const account of [relative, stranger]) {
      const refused = await putTranscript(account.token, memory.id, { transcript: "Not their words." });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("Memory not found");
    }
    expect((await putTranscript(undefined, memory.id, { transcript: "Nobody's words." })).status).toBe(401);
    expect((await readRecording(owner.token, memory.id)).transcript_by).not.toBe("author");

    const silent = await createMemoryAs(owner.token, { title: "Never told out loud" });
    const none = await putTranscript(owner.token, silent.id, { transcript: "Words without a voice." });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe("This memory has no recording.");
  });

  it("are refused past the longest transcript, or when they are not text, and what was kept stays", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Long story" });
    await putRecording(owner.token, memory.id, speech);
    await putTranscript(owner.token, memory.id, { transcript: "Kept words." });
    const tooLong = await putTranscript(owner.token, memory.id, { transcript: "a".repeat(MAX_TRANSCRIPT_CHARACTERS + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe(TRANSCRIPT_TOO_LONG);
    expect(TRANSCRIPT_TOO_LONG).toBe("A transcript can be at most 100,000 characters.");
    expect((await putTranscript(owner.token, memory.id, { transcript: 42 })).status).toBe(400);
    expect((await putTranscript(owner.token, memory.id, { transcript: "Bell\u0007" })).status).toBe(400);
    expect((await putTranscript(owner.token, memory.id, { transcript: "x", extra: true })).status).toBe(400);
    expect((await readRecording(owner.token, memory.id)).transcript).toBe("Kept words.");
  });
});

describe("without a transcription engine", () => {
  it("nothing is sent anywhere: the recording's words are for the author to type", async () => {
    delete process.env.TRANSCRIBE_URL;
    resetEnvForTests();
    try {
      const sent = transcriber.requests.length;
      const memory = await createMemoryAs(owner.token, { title: "No engine" });
      const saved = await putRecording(owner.token, memory.id, speech);
      expect(saved.body.data.recording).toMatchObject({ transcript: null, transcript_status: "none" });
      await workers.runUntil(async () => true);
      expect(transcriber.requests.length).toBe(sent);
    } finally {
      process.env.TRANSCRIBE_URL = transcriber.url;
      resetEnvForTests();
    }
  });
});

/** The speech as a phone's voice memo: AAC in MP4 (.m4a), made by ffmpeg. */
async function asVoiceMemo(wav: Uint8Array) {
  const folder = await mkdtemp(path.join(tmpdir(), "family-book-memo-"));
  try {
    await writeFile(path.join(folder, "speech.wav"), wav);
    await promisify(execFile)("ffmpeg", [
      "-loglevel",
      "error",
      "-i",
      path.join(folder, "speech.wav"),
      "-c:a",
      "aac",
      "-b:a",
      "64k",
      path.join(folder, "memo.m4a"),
    ]);
    return new Uint8Array(await readFile(path.join(folder, "memo.m4a")));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("a voice memo replying to a weekly question", () => {
  it("becomes the answer's recording as it was sent, with nothing written, and is written down by the engine", async () => {
    Object.assign(process.env, { INBOUND_DOMAIN: INBOUND_TEST_DOMAIN, INBOUND_EMAIL_SECRET: INBOUND_TEST_SECRET });
    resetEnvForTests();
    try {
      const { grandma, token } = await weeklyQuestionLinkForTests();
      const prisma = await getDb();
      await prisma.user.update({ where: { id: grandma.user.id }, data: { email_verified_at: new Date() } });
      const memo = await asVoiceMemo(speech);
      const reply = await rawMessage({
        from: grandma.user.email,
        to: `answers+${token}@${INBOUND_TEST_DOMAIN}`,
        subject: "Re: This week's question",
        text: "\n\nSent from my iPhone",
        attachments: [{ filename: "New Recording.m4a", contentType: "audio/x-m4a", content: Buffer.from(memo) }],
      });
      const posted = await postInbound(reply);
      expect(posted.body.data).toEqual({ outcome: "answered", reason: null });

      const recordingOfAnswer = () =>
        prisma.recording.findFirstOrThrow({
          where: { response: { submission: { user_id: grandma.user.id } } },
          include: { response: { select: { answer_text: true } } },
        });
      await workers.runUntil(async () => (await recordingOfAnswer()).transcript_status !== "waiting");
      const kept = await recordingOfAnswer();
      expect(kept).toMatchObject({ file_name: "New Recording.m4a", content_type: "audio/mp4", byte_size: memo.byteLength, response: { answer_text: "" } });
      // Sent to the engine as it came; the words heard are the ones spoken.
      expect(transcriber.requests.at(-1)).toMatchObject({ fileName: "New Recording.m4a", bytes: memo.byteLength });
      expect(kept).toMatchObject({ transcript: SPOKEN, transcript_status: "ready", transcript_by: "engine" });
    } finally {
      for (const name of ["INBOUND_DOMAIN", "INBOUND_EMAIL_SECRET"]) delete process.env[name];
      resetEnvForTests();
    }
  });
});
