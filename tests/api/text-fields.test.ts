import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as bookPdf } from "@/app/api/family-book/pdf/route";
import { GET as getMemory, PUT as updateMemory } from "@/app/api/memories/[id]/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { POST as createMemory, GET as listMemories } from "@/app/api/memories/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { POST as createUpload } from "@/app/api/memories/uploads/route";
import { GET as getProfile } from "@/app/api/profiles/[id]/route";
import { GET as questions } from "@/app/api/questionnaires/[id]/questions/route";
import { GET as ownResponses } from "@/app/api/questionnaires/[id]/responses/route";
import { GET as ownSubmissions } from "@/app/api/questionnaires/[id]/submissions/route";
import { PATCH as toggleResponse } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { POST as saveResponses } from "@/app/api/questionnaires/responses/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { POST as createQuestionnaire } from "@/app/api/questionnaires/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail, type ApiResult } from "../helpers/api";
import { createMemoryAs, jpeg, memoryForm } from "../helpers/memories";
import { createCustomQuestionnaire } from "../helpers/questionnaires";
import { backendName } from "../helpers/test-database";

// Every route that reads text from the client, fed random and hostile text in each field: never
// a 5xx (PostgreSQL refuses NUL with 22021, which used to surface as a 500), and a control
// character is a 400 naming the field that held it.

let owner: TestAccount;
let relative: TestAccount;
let memoryId: string;
let questionnaire: { id: string; questionIds: string[] };
let photo: Buffer;

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
  memoryId = (await createMemoryAs(owner.token)).id;
  questionnaire = await createCustomQuestionnaire(owner);
  photo = await jpeg({ width: 8, height: 8 });
});

const ID = "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55";

const controlCharacter = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
    fc.integer({ min: 0x7f, max: 0x9f }),
  )
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Random text, text with a control character or lone surrogate inside, and a few classics. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.oneof(controlCharacter, loneSurrogate), fc.string({ maxLength: 12 })).map((parts) => parts.join("")),
  fc.constantFrom("", " ", "\u0000", "%00", "%E0%A4%A", "null", "[]", '["\u0000"]', "[1,2]", `${ID}\u0000`, "2020-02-30", "x".repeat(300)),
);

type TextInput = {
  label: string;
  /** The fieldErrors key a control character must be reported under; null where none applies. */
  field: string | null;
  /** Whether lone surrogates reach the handler (JSON keeps them; forms and URLs replace them). */
  keepsSurrogates: boolean;
  send: (text: string) => Promise<ApiResult>;
};

const json = (label: string, field: string | null, send: (text: string) => Promise<ApiResult>): TextInput => ({ label, field, keepsSurrogates: true, send });
const form = (label: string, field: string | null, send: (text: string) => Promise<ApiResult>): TextInput => ({ label, field, keepsSurrogates: false, send });
const query = (label: string, send: (text: string) => Promise<ApiResult>): TextInput => ({ label, field: null, keepsSurrogates: false, send });
const search = (values: Record<string, string>) => new URLSearchParams(values).toString();

const person = () => ({ first_name: "Rosa", last_name: "Parks", email: uniqueEmail("rosa"), password: "a long enough secret" });
const questionnaireBody = (change: (body: { questions: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
  const body = {
    title: "Summer",
    description: "At the lake.",
    audience: "SPECIFIC_FAMILY_MEMBERS",
    questions: [{ question_text: "Who came?", description: "Names.", input_type: "text", is_required: false, tempId: "q-1" }] as Record<string, unknown>[],
    targetUserIds: [relative.user.id],
  };
  change(body);
  return body;
};

const inputs: TextInput[] = [
  ...(["first_name", "last_name", "email", "password", "family_id"] as const).map((field) =>
    json(`POST /api/auth/register ${field}`, field, (text) => call(register, "/api/auth/register", { body: { ...person(), [field]: text } })),
  ),
  json("POST /api/auth/login email", "email", (text) => call(login, "/api/auth/login", { body: { email: text, password: "a long enough secret" } })),
  json("POST /api/auth/login password", null, (text) => call(login, "/api/auth/login", { body: { email: uniqueEmail("nobody"), password: text } })),
  ...(["title", "content", "memory_date", "is_shared"] as const).map((field) =>
    form(`POST /api/memories ${field}`, field, (text) => call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ [field]: text }) })),
  ),
  form("POST /api/memories taggedUserIds", "taggedUserIds.0", (text) =>
    call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ taggedUserIds: [text, ID] }) }),
  ),
  form("POST /api/memories photo file name", "photos", (text) =>
    call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({}, [{ name: `a${text}.jpg`, bytes: photo }]) }),
  ),
  form("POST /api/memories uploadIds", null, (text) => call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ uploadIds: text }) })),
  ...(["title", "content", "memory_date"] as const).map((field) =>
    form(`PUT /api/memories/{id} ${field}`, field, (text) =>
      call(updateMemory, `/api/memories/${memoryId}`, { method: "PUT", token: owner.token, params: { id: memoryId }, body: memoryForm({ [field]: text }) }),
    ),
  ),
  form("PUT /api/memories/{id} photoIdsToDelete", "photoIdsToDelete.0", (text) =>
    call(updateMemory, `/api/memories/${memoryId}`, {
      method: "PUT",
      token: owner.token,
      params: { id: memoryId },
      body: memoryForm({ photoIdsToDelete: [text, ID] }),
    }),
  ),
  form("PUT /api/memories/{id} id", null, (text) =>
    call(updateMemory, "/api/memories/x", { method: "PUT", token: owner.token, params: { id: text }, body: memoryForm({ title: "New title" }) }),
  ),
  ...(["file_name", "content_type"] as const).map((field) =>
    json(`POST /api/memories/uploads ${field}`, field, (text) =>
      call(createUpload, "/api/memories/uploads", {
        token: owner.token,
        body: { file_name: "garden.jpg", content_type: "image/jpeg", size: 1000, [field]: text },
      }),
    ),
  ),
  json("POST /api/questionnaires title", "title", (text) =>
    call(createQuestionnaire, "/api/questionnaires", { token: owner.token, body: questionnaireBody((body) => (body.title = text)) }),
  ),
  json("POST /api/questionnaires description", "description", (text) =>
    call(createQuestionnaire, "/api/questionnaires", { token: owner.token, body: questionnaireBody((body) => (body.description = text)) }),
  ),
  ...(["question_text", "description", "tempId"] as const).map((field) =>
    json(`POST /api/questionnaires questions.0.${field}`, `questions.0.${field}`, (text) =>
      call(createQuestionnaire, "/api/questionnaires", { token: owner.token, body: questionnaireBody((body) => (body.questions[0]![field] = text)) }),
    ),
  ),
  json("POST /api/questionnaires targetUserIds", "targetUserIds.0", (text) =>
    call(createQuestionnaire, "/api/questionnaires", { token: owner.token, body: questionnaireBody((body) => (body.targetUserIds = [text])) }),
  ),
  json("POST /api/questionnaires/responses answer_text", "responses.0.answer_text", (text) =>
    call(saveResponses, "/api/questionnaires/responses", {
      token: relative.token,
      body: { responses: [{ question_id: questionnaire.questionIds[0], answer_text: `An answer ${text}` }] },
    }),
  ),
  json("POST /api/questionnaires/responses question_id", "responses.0.question_id", (text) =>
    call(saveResponses, "/api/questionnaires/responses", { token: relative.token, body: { responses: [{ question_id: text, answer_text: "An answer" }] } }),
  ),
  json("PATCH /api/memories/{id}/toggle-shared is_shared", null, (text) =>
    call(toggleMemory, "/api/memories/x/toggle-shared", { method: "PATCH", token: owner.token, params: { id: memoryId }, body: { is_shared: text } }),
  ),
  ...(
    [
      ["PATCH /api/memories/{id}/toggle-shared", toggleMemory],
      ["PATCH /api/questionnaires/responses/{id}/toggle-shared", toggleResponse],
      ["PATCH /api/questionnaires/submissions/{id}/toggle-shared", toggleSubmission],
    ] as const
  ).map(([label, handler]) =>
    json(`${label} id`, null, (text) => call(handler, "/api/x", { method: "PATCH", token: owner.token, params: { id: text }, body: { is_shared: true } })),
  ),
  ...(
    [
      ["GET /api/memories/{id}", getMemory],
      ["GET /api/profiles/{id}", getProfile],
      ["GET /api/questionnaires/{id}/questions", questions],
      ["GET /api/questionnaires/{id}/responses", ownResponses],
      ["GET /api/questionnaires/{id}/submissions", ownSubmissions],
    ] as const
  ).map(([label, handler]) => json(`${label} id`, null, (text) => call(handler, "/api/x", { token: owner.token, params: { id: text } }))),
  query("GET /api/memories ?limit&cursor", (text) => call(listMemories, `/api/memories?${search({ limit: text, cursor: text })}`, { token: owner.token })),
  query("GET /api/memories/shared ?member&cursor", (text) =>
    call(sharedMemories, `/api/memories/shared?${search({ member: text, cursor: text })}`, { token: owner.token }),
  ),
  query("GET /api/questionnaires/responses/shared ?limit&cursor", (text) =>
    call(sharedResponses, `/api/questionnaires/responses/shared?${search({ limit: text, cursor: text })}`, { token: owner.token }),
  ),
  query("GET /api/questionnaires/submissions/shared ?member&cursor", (text) =>
    call(sharedSubmissions, `/api/questionnaires/submissions/shared?${search({ member: text, cursor: text })}`, { token: owner.token }),
  ),
  query("GET /api/family-book/pdf ?member&from&to&size", (text) =>
    // "size" is never valid random text, so no book is rendered: only the parsing is exercised.
    call(bookPdf, `/api/family-book/pdf?${search({ member: text, from: text, to: text, size: `${text}!` })}`, { token: owner.token }),
  ),
];

/** The envelope of any refusal; a PDF is the only success that is not JSON. */
function expectNoServerError(result: ApiResult, text: string) {
  expect(result.status, `${JSON.stringify(text)} answered ${result.status}: ${JSON.stringify(result.body)}`).toBeLessThan(500);
}

describe(`text from the client, on the ${backendName} database`, () => {
  it.each(inputs.map((input) => [input.label, input] as const))("%s: random and hostile text never answers 5xx", async (_label, input) => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => expectNoServerError(await input.send(text), text)),
      { numRuns: 25 },
    );
  });

  const withField = inputs.filter((input) => input.field !== null);

  it.each(withField.map((input) => [input.label, input] as const))("%s: a control character is a 400 with a message on the field", async (_label, input) => {
    const bad = input.keepsSurrogates ? fc.oneof(controlCharacter, loneSurrogate) : controlCharacter;
    await fc.assert(
      fc.asyncProperty(bad, async (character) => {
        const result = await input.send(`ab${character}cd`);
        expect(result.status, JSON.stringify(character)).toBe(400);
        expect(result.body.success).toBe(false);
        expect(result.body.fieldErrors?.[input.field!]?.length, `${JSON.stringify(character)}: ${JSON.stringify(result.body)}`).toBeGreaterThan(0);
      }),
      { numRuns: 8 },
    );
  });

  it("a NUL in a memory's title is refused with the field's message, and nothing is saved", async () => {
    const before = await call(listMemories, "/api/memories?limit=100", { token: owner.token });
    const result = await call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ title: "Picnic\u0000" + " at the lake" }) });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      success: false,
      data: null,
      error: "Title contains a hidden control character or a broken character. Please remove it and try again.",
      fieldErrors: { title: ["Title contains a hidden control character or a broken character. Please remove it and try again."] },
    });
    const after = await call(listMemories, "/api/memories?limit=100", { token: owner.token });
    expect(after.body.data.memories).toHaveLength(before.body.data.memories.length);
  });

  it("a story keeps its line breaks and tabs", async () => {
    const result = await call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ content: "First line\nSecond line\n\tIndented" }) });
    expect(result.status).toBe(201);
    expect(result.body.data.memory.content).toMatch(/^First line\r?\nSecond line\r?\n\tIndented$/);
  });
});
