import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECORDING_BYTES } from "@/lib/constants";
import { RECORDING_PART_TOO_LARGE, recordingTooLarge } from "@/lib/schemas/recordings";
import { BODY_TOO_LARGE } from "@/server/platform/http/read-body";
import { requestFrom, sendBody, startTestApp, type TestApp } from "../helpers/app-server";

// Every body is read as a stream with a cap per route and refused with 413 the moment it passes
// it, announced or not; the server's memory does not grow with what it was sent.

const MB = 1024 * 1024;
let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  const registered = await requestFrom(`${app.url}/api/auth/register`, {
    json: { first_name: "Margaret", last_name: "Hughes", email: `margaret.${Date.now()}@example.test`, password: "correct horse battery" },
  });
  expect(registered.status).toBe(201);
  token = registered.body.data!.token as string;
});

afterAll(async () => {
  await app?.close();
});

/** Resident memory settles after the warm-up requests; judge growth against that. */
async function settledResidentMb() {
  await new Promise((resolve) => setTimeout(resolve, 500));
  return app.residentMb();
}

const cases = [
  { route: "POST /api/auth/login (anyone)", path: "/api/auth/login", totalBytes: 300 * MB, headers: { "content-type": "application/json" } },
  { route: "POST /api/auth/register (anyone)", path: "/api/auth/register", totalBytes: 300 * MB, headers: { "content-type": "application/json" } },
  {
    route: "POST /api/questionnaires (signed in)",
    path: "/api/questionnaires",
    totalBytes: 300 * MB,
    headers: { "content-type": "application/json" },
    signedIn: true,
  },
] as const;

describe.each(cases)("$route", ({ path, totalBytes, headers, ...rest }) => {
  const signedIn = "signedIn" in rest;
  for (const chunked of [false, true]) {
    it(`answers 413 to a ${totalBytes / MB} MB body ${chunked ? "sent chunked, without Content-Length" : "with its Content-Length"}, and holds none of it`, async () => {
      const before = await settledResidentMb();
      const answer = await sendBody(`${app.url}${path}`, {
        totalBytes,
        chunked,
        headers: { ...headers, ...(signedIn ? { authorization: `Bearer ${token}` } : {}) },
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ success: false, data: null, error: BODY_TOO_LARGE });
      // Refused long before the whole body could have been sent.
      expect(answer.bytesSent).toBeLessThan(totalBytes / 4);
      expect(app.residentMb() - before).toBeLessThan(48);
    });
  }
});

describe("a recording", () => {
  const signedIn = () => ({ authorization: `Bearer ${token}` });

  it("larger than 320 MB is refused with its name as soon as its length is announced, before any of it is read", async () => {
    const questionnaire = await requestFrom(`${app.url}/api/questionnaires`, {
      headers: signedIn(),
      json: {
        title: "The house",
        audience: "FAMILY_WIDE",
        questions: [{ question_text: "Which house?", input_type: "text", is_required: true, tempId: "q-1" }],
      },
    });
    expect(questionnaire.status).toBe(201);
    const questionnaireId = (questionnaire.body.data!.questionnaire as { id: string }).id;
    const questions = await requestFrom(`${app.url}/api/questionnaires/${questionnaireId}/questions`, { method: "GET", headers: signedIn() });
    const questionId = (questions.body.data!.questions as { id: string }[])[0]!.id;
    const saved = await requestFrom(`${app.url}/api/questionnaires/responses`, {
      headers: signedIn(),
      json: { responses: [{ question_id: questionId, answer_text: "The one on Elm Street." }] },
    });
    expect(saved.status).toBe(201);
    const responseId = (saved.body.data!.submission as { responses: { id: string }[] }).responses[0]!.id;

    const answer = await sendBody(`${app.url}/api/questionnaires/responses/${responseId}/recording?name=Elm%20Street.m4a`, {
      method: "PUT",
      totalBytes: MAX_RECORDING_BYTES + MB,
      headers: { ...signedIn(), "content-type": "audio/mp4" },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe(recordingTooLarge("Elm Street.m4a"));
    expect(answer.bytesSent).toBeLessThan(MAX_RECORDING_BYTES / 4);
  });

  for (const chunked of [false, true]) {
    it(`sent in parts refuses a part over 1 MB ${chunked ? "sent chunked" : "with its Content-Length"}, and holds none of it`, async () => {
      const opened = await requestFrom(`${app.url}/api/recording-uploads`, { headers: signedIn(), json: { name: "Long.wav", byte_size: 300 * MB } });
      expect(opened.status).toBe(201);
      const uploadId = (opened.body.data!.upload as { id: string }).id;
      const before = await settledResidentMb();
      const answer = await sendBody(`${app.url}/api/recording-uploads/${uploadId}/parts?offset=0`, {
        method: "PUT",
        totalBytes: 300 * MB,
        chunked,
        headers: { ...signedIn(), "content-type": "application/octet-stream" },
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error).toBe(RECORDING_PART_TOO_LARGE);
      expect(answer.bytesSent).toBeLessThan((300 * MB) / 4);
      expect(app.residentMb() - before).toBeLessThan(48);
      const progress = await requestFrom(`${app.url}/api/recording-uploads/${uploadId}`, { method: "GET", headers: signedIn() });
      expect((progress.body.data!.upload as { received: number }).received).toBe(0);
    });
  }
});

describe("connections", () => {
  /** Sends 300 MB to the registration route on a raw connection, and reads nothing for `readAfterMs`. */
  function sendReadingLate(readAfterMs: number) {
    return new Promise<{ answer: string; error: string | null }>((resolve) => {
      const target = new URL(app.url);
      const socket = net.connect(Number(target.port), target.hostname);
      const parts: Buffer[] = [];
      let error: string | null = null;
      socket.pause();
      socket.on("connect", () => {
        socket.write(`POST /api/auth/register HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${300 * MB}\r\n\r\n`);
        const filler = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < 300 * MB && !socket.destroyed) {
            sent += filler.length;
            if (!socket.write(filler)) return void socket.once("drain", pump);
          }
        };
        pump();
        setTimeout(() => {
          socket.on("data", (part: Buffer) => parts.push(part));
          socket.resume();
        }, readAfterMs);
      });
      socket.on("error", (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
      socket.on("close", () => resolve({ answer: Buffer.concat(parts).toString("utf8"), error }));
    });
  }

  it("keeps the connection reading for a moment after a 413, so a client still sending reads the answer instead of a reset", async () => {
    // Without the lingering close the server's reset threw the unread answer away: four tries in five.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { answer, error } = await sendReadingLate(300);
      expect(answer.split("\r\n")[0], `the connection ended with ${error ?? "no error"}`).toBe("HTTP/1.1 413 Payload Too Large");
      expect(answer).toContain(BODY_TOO_LARGE);
    }
  });

  it("keeps an idle kept-alive connection for 65 s, so a client reusing it after Node's usual 5 s is not reset", async () => {
    const answer = await requestFrom(`${app.url}/api/auth/me`, { method: "GET", headers: { connection: "keep-alive" } });
    expect(answer.status).toBe(401);
    expect(answer.headers["keep-alive"]).toBe("timeout=65");
  });
});

describe("POST /api/memories (multipart)", () => {
  const boundary = "----familybook";
  const photoPart = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`;

  it("answers 413 naming the photo as soon as one photo passes 5 MB, sent chunked", async () => {
    const before = await settledResidentMb();
    const answer = await sendBody(`${app.url}/api/memories`, {
      totalBytes: 200 * MB,
      chunked: true,
      prefix: photoPart("huge-scan.jpg"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe("huge-scan.jpg is larger than 5MB");
    expect(answer.bytesSent).toBeLessThan(50 * MB);
    expect(app.residentMb() - before).toBeLessThan(48);
  });

  it("answers every one of 20 phones sending a 5.9 MB photo with fetch: the 413 naming it, never a reset connection", async () => {
    const photo = new Uint8Array(5.9 * MB).fill(0xff);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const form = new FormData();
      form.set("title", "The whole family at the lake");
      form.set("memory_date", "2024-07-14");
      form.set("content", "Everyone came.");
      form.set("photos", new Blob([photo], { type: "image/jpeg" }), "IMG_4032.jpg");
      try {
        const answer = await fetch(`${app.url}/api/memories`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
        outcomes.push(`${answer.status} ${(await answer.json()).error}`);
      } catch (error) {
        outcomes.push(`${(error as Error).message} ${String((error as { cause?: { code?: string } }).cause?.code ?? "")}`);
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => "413 IMG_4032.jpg is larger than 5MB"));
  });

  it("answers 413 to a body announcing more than five photos' worth before reading it", async () => {
    const answer = await sendBody(`${app.url}/api/memories`, {
      totalBytes: 400 * MB,
      prefix: photoPart("a.jpg"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(100 * MB);
  });
});

describe("pages", () => {
  it("do not buffer a large body posted to a page", async () => {
    const before = await settledResidentMb();
    const answer = await sendBody(`${app.url}/memories`, { totalBytes: 300 * MB, chunked: true, headers: { "content-type": "application/octet-stream" } });
    expect(answer.status).toBeLessThan(500);
    expect(app.residentMb() - before).toBeLessThan(48);
  });
});
