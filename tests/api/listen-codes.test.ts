import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadBookRoute } from "@/app/api/family-book/pdf/route";
import { POST as answerFollowUpRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { DELETE as stopFollowUpCodeRoute } from "@/app/api/follow-ups/[id]/recording/listen-code/route";
import { PUT as putFollowUpRecordingRoute } from "@/app/api/follow-ups/[id]/recording/route";
import { PUT as putFollowUpTranscriptRoute } from "@/app/api/follow-ups/[id]/recording/transcript/route";
import { POST as askFollowUpRoute } from "@/app/api/follow-ups/route";
import { DELETE as stopCodeRoute } from "@/app/api/memories/[id]/recording/listen-code/route";
import { DELETE as deleteRecordingRoute, GET as getRecordingRoute } from "@/app/api/memories/[id]/recording/route";
import { PUT as putTranscriptRoute } from "@/app/api/memories/[id]/recording/transcript/route";
import { PATCH as toggleSharedRoute } from "@/app/api/memories/[id]/toggle-shared/route";
import { DELETE as stopAnswerCodeRoute } from "@/app/api/questionnaires/responses/[id]/recording/listen-code/route";
import { PUT as putAnswerRecordingRoute } from "@/app/api/questionnaires/responses/[id]/recording/route";
import { PUT as putAnswerTranscriptRoute } from "@/app/api/questionnaires/responses/[id]/recording/transcript/route";
import { PATCH as toggleAnswerRoute } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { PUT as tellByLinkRoute } from "@/app/api/weekly-questions/answer/recording/route";
import { getDb } from "@/server/platform/db/client";
import { findListening, listenTokensFor } from "@/server/recordings/listen-codes";
import { NO_RECORDING } from "@/server/recordings/memory-recording";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, ORIGIN } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { readPdf, scanQrCodes } from "../helpers/pdf-text";
import { answerChildhood } from "../helpers/questionnaires";
import { putRecordingAs, recordingFixture } from "../helpers/recordings";
import { weeklyQuestionLinkForTests } from "../helpers/weekly-links";

// A printed book's codes (docs/decisions/043-listen-codes.md): a story told out loud prints how long
// it plays, what was said, and a QR code that plays it to whoever holds the book, with no account;
// the author or an admin stops a recording's codes, and the next book prints a new one.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

const LISTEN_URL = new RegExp(`^${ORIGIN}/listen/([A-Za-z0-9_-]{22})$`);

async function downloadBook(account: TestAccount, query = "?size=A4") {
  const headers = new Headers({ host: "localhost:3000", authorization: `Bearer ${account.token}` });
  const response = await downloadBookRoute(new Request(`${ORIGIN}/api/family-book/pdf${query}`, { headers }), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The codes a book prints, as a phone reads them from its pages, each with the text of its page. */
async function printedCodes(bytes: Uint8Array) {
  const book = await readPdf(bytes);
  const codes: { url: string; token: string; page: string }[] = [];
  // Every page that says to scan is scanned (and only those: drawing a page costs a second).
  for (let page = 1; page <= book.pageCount; page += 1) {
    if (!book.pages[page - 1]!.includes("Scan to hear")) continue;
    for (const url of await scanQrCodes(bytes, page)) codes.push({ url, token: LISTEN_URL.exec(url)?.[1] ?? "", page: book.pages[page - 1]! });
  }
  return { book, codes };
}

const stopCode = (token: string | undefined, memoryId: string) =>
  call(stopCodeRoute, `/api/memories/${memoryId}/recording/listen-code`, { method: "DELETE", token, params: { id: memoryId } });
const printedCodeOf = async (token: string, memoryId: string) =>
  (await call(getRecordingRoute, `/api/memories/${memoryId}/recording`, { token, params: { id: memoryId } })).body.data.recording.printed_code;

/** A shared memory of the author's, told out loud. */
async function toldOutLoud(author: TestAccount, title: string, fixture = "speech.m4a") {
  const memory = await createMemoryAs(author.token, { title, is_shared: "true", memory_date: "1972-08-01" });
  expect((await putRecordingAs(author.token, memory.id, recordingFixture(fixture))).status).toBe(200);
  return memory;
}

describe("a story told out loud in the printed book", () => {
  it("prints how long it plays, what was said, and a code a phone reads as the story's own listen page", async () => {
    const memory = await toldOutLoud(owner, "The blue boat");
    const transcript = await call(putTranscriptRoute, `/api/memories/${memory.id}/recording/transcript`, {
      method: "PUT",
      token: owner.token,
      body: { transcript: "We rowed the blue boat across the lake every summer." },
      params: { id: memory.id },
    });
    expect(transcript.status).toBe(200);
    expect(await printedCodeOf(owner.token, memory.id)).toBe(false);

    const { book, codes } = await printedCodes(await downloadBook(relative));
    expect(codes).toHaveLength(1);
    const [code] = codes;
    expect(code!.url).toMatch(LISTEN_URL);
    expect(code!.page).toContain("The blue boat");
    expect(code!.page).toMatch(/by Margaret Hughes · told out loud, 0:03/);
    expect(code!.page).toContain("WHAT WAS SAID");
    expect(code!.page).toContain("We rowed the blue boat across the lake every summer.");
    expect(code!.page).toContain("Scan to hear Margaret Hughes tell this story");
    // The address is printed in words too, for whoever types it.
    expect(book.text.replace(/\s+/g, "")).toContain(code!.url);

    // The code plays that one story to anybody: its title, its teller and the recording.
    const heard = await findListening(code!.token);
    expect(heard).toMatchObject({ title: "The blue boat", teller: "Margaret Hughes", recording: { file_name: "Grandpa's boat.m4a" } });
    expect(heard!.recording.duration_seconds).toBeGreaterThan(3);
    expect(Object.keys(heard!).sort()).toEqual(["recording", "teller", "title"]);
    expect(await printedCodeOf(owner.token, memory.id)).toBe(true);

    // Every later book prints the same code, so the books already printed go on playing.
    const again = await printedCodes(await downloadBook(owner));
    expect(again.codes.map((printed) => printed.url)).toEqual([code!.url]);
    await call(deleteRecordingRoute, `/api/memories/${memory.id}/recording`, { method: "DELETE", token: owner.token, params: { id: memory.id } });
  });

  it("prints no code for a story only written down, and no 'What was said' for one not written down", async () => {
    const written = await createMemoryAs(owner.token, { title: "Only in writing", is_shared: "true", memory_date: "1973-01-01" });
    const spoken = await toldOutLoud(owner, "Told, not written down");
    const { book, codes } = await printedCodes(await downloadBook(owner));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.page).toContain("Told, not written down");
    expect(book.text).toContain("Only in writing");
    expect(book.text).not.toContain("WHAT WAS SAID");
    for (const id of [written.id, spoken.id]) await (await getDb()).memory.delete({ where: { id } });
  });

  it("prints one code for a recording when two books are made at the same moment", async () => {
    const memory = await toldOutLoud(owner, "Two books at once");
    const [first, second] = await Promise.all([downloadBook(owner), downloadBook(relative)]);
    const [a, b] = await Promise.all([printedCodes(first), printedCodes(second)]);
    expect(a.codes).toHaveLength(1);
    expect(b.codes.map((code) => code.url)).toEqual(a.codes.map((code) => code.url));
    const recording = await (await getDb()).recording.findUniqueOrThrow({ where: { memory_id: memory.id } });
    expect((await listenTokensFor([recording.id])).get(recording.id)).toBe(a.codes[0]!.token);
    await (await getDb()).memory.delete({ where: { id: memory.id } });
  });
});

describe("a printed code", () => {
  async function printedToken(memoryId: string) {
    const recording = await (await getDb()).recording.findUniqueOrThrow({ where: { memory_id: memoryId }, select: { id: true } });
    return (await listenTokensFor([recording.id])).get(recording.id)!;
  }

  it("is stopped by the author: it plays nothing, and the next book prints a new one", async () => {
    const memory = await toldOutLoud(owner, "Stopped by the author");
    const token = await printedToken(memory.id);
    expect(await findListening(token)).not.toBeNull();

    const stopped = await stopCode(owner.token, memory.id);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.recording).toEqual({ id: expect.any(String), printed_code: false });
    expect(await findListening(token)).toBeNull();
    expect(await printedCodeOf(owner.token, memory.id)).toBe(false);

    const fresh = await printedToken(memory.id);
    expect(fresh).not.toBe(token);
    expect(await findListening(fresh)).toMatchObject({ title: "Stopped by the author" });
  });

  it("is stopped by an admin of the memory's family, and by nobody else", async () => {
    const memory = await toldOutLoud(relative, "Stopped by the admin");
    const token = await printedToken(memory.id);

    expect((await stopCode(undefined, memory.id)).status).toBe(401);
    expect((await stopCode(stranger.token, memory.id)).status).toBe(404);
    const member = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth", lastName: "Hughes" });
    const notAdmin = await stopCode(member.token, memory.id);
    expect(notAdmin.status).toBe(404);
    expect(notAdmin.body.error).toBe("Memory not found");
    expect(await findListening(token)).not.toBeNull();

    // Margaret started the family: she is its admin.
    expect((await stopCode(owner.token, memory.id)).status).toBe(200);
    expect(await findListening(token)).toBeNull();
  });

  it("answers 404 for a memory with no recording", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Nothing to hear", is_shared: "true" });
    const result = await stopCode(owner.token, memory.id);
    expect(result.status).toBe(404);
    expect(result.body.error).toBe(NO_RECORDING);
    expect((await stopCode(owner.token, "not-a-memory")).status).toBe(404);
  });

  it("plays only while the story is shared, goes on playing the story told again, and stops when the recording is removed", async () => {
    const memory = await toldOutLoud(owner, "Shared, then not");
    const token = await printedToken(memory.id);
    const toggle = (shared: boolean) =>
      call(toggleSharedRoute, `/api/memories/${memory.id}/toggle-shared`, {
        method: "PATCH",
        token: owner.token,
        body: { is_shared: shared },
        params: { id: memory.id },
      });

    expect((await toggle(false)).status).toBe(200);
    expect(await findListening(token)).toBeNull();
    expect((await toggle(true)).status).toBe(200);
    expect(await findListening(token)).toMatchObject({ title: "Shared, then not" });

    expect((await putRecordingAs(owner.token, memory.id, recordingFixture("speech.mp3"), "Told again.mp3")).status).toBe(200);
    expect(await findListening(token)).toMatchObject({ recording: { file_name: "Told again.mp3" } });

    await call(deleteRecordingRoute, `/api/memories/${memory.id}/recording`, { method: "DELETE", token: owner.token, params: { id: memory.id } });
    expect(await findListening(token)).toBeNull();
  });

  it("is never guessed: anything but a token that was given plays nothing", async () => {
    for (const token of ["", "short", "A".repeat(22), "../../api/memories", "x".repeat(5000), "%00".repeat(8)]) {
      expect(await findListening(token)).toBeNull();
    }
  });
});

describe("an answer told out loud in the printed book", () => {
  it("prints its words and a code that plays it while it is shared; its author or an admin stops it, a relative cannot", async () => {
    // A family of its own, so that its book prints this answer's code alone.
    const grandma = await createAccount({ firstName: "Iris", lastName: "Bell" });
    const grandson = await createAccount({ familyId: grandma.user.family_id, firstName: "Sam", lastName: "Bell" });
    const { bornId } = await answerChildhood(grandma);
    const put = await call(putAnswerRecordingRoute, `/api/questionnaires/responses/${bornId}/recording?name=Born.m4a`, {
      method: "PUT",
      token: grandma.token,
      body: recordingFixture("speech.m4a"),
      headers: { "content-type": "application/octet-stream" },
      params: { id: bornId },
    });
    expect(put.status).toBe(200);
    await call(putAnswerTranscriptRoute, `/api/questionnaires/responses/${bornId}/recording/transcript`, {
      method: "PUT",
      token: grandma.token,
      body: { transcript: "I was born in the house by the mill." },
      params: { id: bornId },
    });
    const share = (isShared: boolean) =>
      call(toggleAnswerRoute, `/api/questionnaires/responses/${bornId}/toggle-shared`, {
        method: "PATCH",
        token: grandma.token,
        params: { id: bornId },
        body: { is_shared: isShared },
      });
    expect((await share(true)).status).toBe(200);

    const { codes } = await printedCodes(await downloadBook(grandson));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.page).toContain("Where and when were you born?");
    expect(codes[0]!.page).toContain("WHAT WAS SAID");
    expect(codes[0]!.page).toContain("I was born in the house by the mill.");
    expect(codes[0]!.page).toContain("Scan to hear Iris Bell tell this story");
    const heard = await findListening(codes[0]!.token);
    expect(heard).toMatchObject({ title: "Where and when were you born?", teller: "Iris Bell", recording: { file_name: "Born.m4a" } });

    // Private again, the code plays nothing; shared again, it plays.
    expect((await share(false)).status).toBe(200);
    expect(await findListening(codes[0]!.token)).toBeNull();
    expect((await share(true)).status).toBe(200);
    expect(await findListening(codes[0]!.token)).not.toBeNull();

    // Only the author or an admin stops it (Iris founded the family: she is its admin too).
    const stopAnswerCode = (who: TestAccount | undefined) =>
      call(stopAnswerCodeRoute, `/api/questionnaires/responses/${bornId}/recording/listen-code`, {
        method: "DELETE",
        token: who?.token,
        params: { id: bornId },
      });
    for (const who of [grandson, stranger]) {
      const refused = await stopAnswerCode(who);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("Response not found");
    }
    expect((await stopAnswerCode(undefined)).status).toBe(401);
    expect(await findListening(codes[0]!.token)).not.toBeNull();
    const stopped = await stopAnswerCode(grandma);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.recording.printed_code).toBe(false);
    expect(await findListening(codes[0]!.token)).toBeNull();
    // The next book prints a new code.
    const next = await printedCodes(await downloadBook(grandma));
    expect(next.codes).toHaveLength(1);
    expect(next.codes[0]!.token).not.toBe(codes[0]!.token);
  });
});

describe("an answer told out loud with nothing written, in the printed book", () => {
  it("prints what was said and its code where the written answer would be, never “No answer provided”", async () => {
    const { grandma, token } = await weeklyQuestionLinkForTests();
    const told = await call(tellByLinkRoute, `/api/weekly-questions/answer/recording?token=${encodeURIComponent(token)}&name=Born.m4a&shared=true`, {
      method: "PUT",
      body: recordingFixture("speech.m4a"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(told.status).toBe(201);
    const responseId = told.body.data.answer.response_id as string;
    await call(putAnswerTranscriptRoute, `/api/questionnaires/responses/${responseId}/recording/transcript`, {
      method: "PUT",
      token: grandma.token,
      body: { transcript: "In the house by the mill, in the spring of 1931." },
      params: { id: responseId },
    });

    const { codes } = await printedCodes(await downloadBook(grandma));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.page).toContain("Where and when were you born?");
    expect(codes[0]!.page).toContain("In the house by the mill, in the spring of 1931.");
    expect(codes[0]!.page).not.toContain("No answer provided");
    expect(await findListening(codes[0]!.token)).toMatchObject({ title: "Where and when were you born?", teller: "Rose Hughes" });
  });
});

describe("the answer to a follow-up question told out loud in the printed book", () => {
  it("prints its words and its own code under the answer, plays while the story is shared, and is stopped by the one who answered or an admin", async () => {
    // A family of its own: Iris founded it (its admin), Rose tells, Sam asks.
    const iris = await createAccount({ firstName: "Iris", lastName: "Bell" });
    const rose = await createAccount({ familyId: iris.user.family_id, firstName: "Rose", lastName: "Bell" });
    const sam = await createAccount({ familyId: iris.user.family_id, firstName: "Sam", lastName: "Bell" });
    const memory = await createMemoryAs(rose.token, { title: "The flood of 1968", is_shared: "true", memory_date: "1968-03-02" });
    const asked = await call(askFollowUpRoute, "/api/follow-ups", { token: sam.token, body: { memory_id: memory.id, question: "Where did you all sleep?" } });
    const id = asked.body.data.follow_up.id as string;
    await call(answerFollowUpRoute, `/api/follow-ups/${id}/answer`, { token: rose.token, params: { id }, body: { answer: "In the church hall." } });
    const put = await call(putFollowUpRecordingRoute, `/api/follow-ups/${id}/recording?name=Hall.m4a`, {
      method: "PUT",
      token: rose.token,
      body: recordingFixture("speech.m4a"),
      headers: { "content-type": "application/octet-stream" },
      params: { id },
    });
    expect(put.status).toBe(200);
    await call(putFollowUpTranscriptRoute, `/api/follow-ups/${id}/recording/transcript`, {
      method: "PUT",
      token: rose.token,
      body: { transcript: "We slept on the pews, all forty of us." },
      params: { id },
    });

    const { codes } = await printedCodes(await downloadBook(sam));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.page).toContain("Sam Bell asked: Where did you all sleep?");
    expect(codes[0]!.page).toContain("We slept on the pews, all forty of us.");
    expect(codes[0]!.page).toContain("Scan to hear Rose Bell give this answer");
    expect(await findListening(codes[0]!.token)).toMatchObject({
      title: "Where did you all sleep?",
      teller: "Rose Bell",
      recording: { file_name: "Hall.m4a" },
    });

    // The story made private, the code plays nothing; shared again, it plays.
    const share = (isShared: boolean) =>
      call(toggleSharedRoute, `/api/memories/${memory.id}/toggle-shared`, {
        method: "PATCH",
        token: rose.token,
        params: { id: memory.id },
        body: { is_shared: isShared },
      });
    expect((await share(false)).status).toBe(200);
    expect(await findListening(codes[0]!.token)).toBeNull();
    expect((await share(true)).status).toBe(200);
    expect(await findListening(codes[0]!.token)).not.toBeNull();

    const stop = (who: TestAccount | undefined) =>
      call(stopFollowUpCodeRoute, `/api/follow-ups/${id}/recording/listen-code`, { method: "DELETE", token: who?.token, params: { id } });
    for (const who of [sam, stranger]) {
      const refused = await stop(who);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("Question not found");
    }
    expect((await stop(undefined)).status).toBe(401);
    expect(await findListening(codes[0]!.token)).not.toBeNull();
    expect((await stop(rose)).body.data.recording.printed_code).toBe(false);
    expect(await findListening(codes[0]!.token)).toBeNull();

    // The next book prints a new code, which the family's admin stops too.
    const next = await printedCodes(await downloadBook(iris));
    expect(next.codes).toHaveLength(1);
    expect(next.codes[0]!.token).not.toBe(codes[0]!.token);
    expect((await stop(iris)).status).toBe(200);
    expect(await findListening(next.codes[0]!.token)).toBeNull();
  });
});
