import { beforeAll, describe, expect, it } from "vitest";
import { GET as listQuestions } from "@/app/api/questionnaires/[id]/questions/route";
import { POST as createQuestionnaire, GET as listQuestionnaires } from "@/app/api/questionnaires/route";
import { getDb } from "@/server/platform/db/client";
import { questionLibrary } from "@/server/questions/questionnaires/question-library";
import { libraryQuestionnaireId } from "@/server/questions/questionnaires/seed-question-library";
import { createFamiliesWithCousin, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createCustomQuestionnaire, visibleQuestionnaireIds } from "../helpers/questionnaires";

let owner: TestAccount, relative: TestAccount, cousin: TestAccount, stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, cousin, stranger } = await createFamiliesWithCousin());
});

const questionsOf = (account: TestAccount | null, id: string) =>
  call(listQuestions, `/api/questionnaires/${id}/questions`, { token: account?.token, params: { id } });

describe("GET /api/questionnaires", () => {
  it("shows every signed-in member the built-in library, in the library's order, in the shape of docs/product.md §3", async () => {
    const result = await call(listQuestionnaires, "/api/questionnaires", { token: stranger.token });
    expect(result.status).toBe(200);
    const library = result.body.data.questionnaires.filter((questionnaire: { audience: string }) => questionnaire.audience === "GLOBAL");
    expect(library.map((questionnaire: { title: string }) => questionnaire.title)).toEqual(questionLibrary.map((entry) => entry.title));
    expect(library[0]).toEqual({
      id: libraryQuestionnaireId("childhood"),
      title: "Childhood Memories",
      description: questionLibrary[0]!.description,
      audience: "GLOBAL",
      family_id: null,
      allow_multiple_responses: false,
    });
  });

  it("answers 401 to an anonymous visitor", async () => {
    const result = await call(listQuestionnaires, "/api/questionnaires");
    expect(result.status).toBe(401);
    expect(result.body.success).toBe(false);
  });
});

describe("who sees which questionnaire", () => {
  let familyWide: string;
  let targeted: string;

  beforeAll(async () => {
    familyWide = (await createCustomQuestionnaire(owner, { title: "Family-wide questions" })).id;
    targeted = (await createCustomQuestionnaire(owner, { title: "Just for Tom", audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [relative.user.id] })).id;
  });

  const cases = [
    { audience: "FAMILY_WIDE", who: "its creator", account: () => owner, visible: true },
    { audience: "FAMILY_WIDE", who: "a relative", account: () => relative, visible: true },
    { audience: "FAMILY_WIDE", who: "another relative", account: () => cousin, visible: true },
    { audience: "FAMILY_WIDE", who: "someone of another family", account: () => stranger, visible: false },
    { audience: "SPECIFIC_FAMILY_MEMBERS", who: "its creator", account: () => owner, visible: true },
    { audience: "SPECIFIC_FAMILY_MEMBERS", who: "its target", account: () => relative, visible: true },
    { audience: "SPECIFIC_FAMILY_MEMBERS", who: "a relative who is not a target", account: () => cousin, visible: false },
    { audience: "SPECIFIC_FAMILY_MEMBERS", who: "someone of another family", account: () => stranger, visible: false },
  ] as const;

  for (const { audience, who, account, visible } of cases) {
    it(`${visible ? "shows" : "hides"} a ${audience} questionnaire ${visible ? "to" : "from"} ${who}`, async () => {
      const id = audience === "FAMILY_WIDE" ? familyWide : targeted;
      expect((await visibleQuestionnaireIds(account())).includes(id)).toBe(visible);
      const questions = await questionsOf(account(), id);
      if (visible) {
        expect(questions.status).toBe(200);
        expect(questions.body.data.questions).toHaveLength(2);
      } else {
        expect(questions.status).toBe(404);
        expect(questions.body).toEqual({ success: false, data: null, error: "Questionnaire not found" });
      }
    });
  }

  it("shows a GLOBAL questionnaire's questions to members of every family", async () => {
    for (const account of [owner, relative, cousin, stranger]) {
      const result = await questionsOf(account, libraryQuestionnaireId("childhood"));
      expect(result.status).toBe(200);
      expect(result.body.data.questions[0]).toEqual({
        id: expect.any(String),
        question_text: "Where and when were you born?",
        description: expect.any(String),
        is_required: true,
        questionnaire_id: libraryQuestionnaireId("childhood"),
        input_type: "text",
      });
    }
  });

  it("answers 401 to an anonymous visitor for every audience", async () => {
    for (const id of [familyWide, targeted, libraryQuestionnaireId("childhood")]) {
      expect((await questionsOf(null, id)).status).toBe(401);
    }
  });

  it("answers 404 for a questionnaire that does not exist or a malformed id, exactly as for a hidden one", async () => {
    const hidden = await questionsOf(stranger, targeted);
    expect((await questionsOf(stranger, "6f1c1a52-2c55-4a8e-8d0e-5b1f6b7c9a10")).body).toEqual(hidden.body);
    expect((await questionsOf(stranger, "nope")).body).toEqual(hidden.body);
  });
});

describe("POST /api/questionnaires", () => {
  const create = (account: TestAccount | null, body: Record<string, unknown>) =>
    call(createQuestionnaire, "/api/questionnaires", { token: account?.token, body });
  const valid = {
    title: "  Our first house  ",
    description: "",
    audience: "FAMILY_WIDE",
    questions: [{ question_text: "Where was it?", description: "Street and town", input_type: "textarea", is_required: true, tempId: "client-1" }],
  };

  it("creates a family questionnaire and answers with data.questionnaire", async () => {
    const result = await create(owner, valid);
    expect(result.status).toBe(201);
    expect(result.body.data.questionnaire).toEqual({
      id: expect.any(String),
      title: "Our first house",
      description: null,
      audience: "FAMILY_WIDE",
      family_id: owner.user.family_id,
      allow_multiple_responses: false,
    });
    const questions = await questionsOf(relative, result.body.data.questionnaire.id);
    expect(questions.body.data.questions).toEqual([
      {
        id: expect.any(String),
        question_text: "Where was it?",
        description: "Street and town",
        is_required: true,
        questionnaire_id: result.body.data.questionnaire.id,
        input_type: "textarea",
      },
    ]);
    // The client's tempId keys its form rows; the stored question has an id of its own.
    expect(questions.body.data.questions[0].id).not.toBe("client-1");
  });

  it("keeps the order of the questions and defaults input_type to text and is_required to false", async () => {
    const result = await create(owner, { ...valid, questions: [{ question_text: "First" }, { question_text: "Second" }, { question_text: "Third" }] });
    const questions = await questionsOf(owner, result.body.data.questionnaire.id);
    expect(questions.body.data.questions.map((question: { question_text: string }) => question.question_text)).toEqual(["First", "Second", "Third"]);
    expect(questions.body.data.questions[0]).toMatchObject({ input_type: "text", is_required: false, description: null });
  });

  it.each([
    ["a missing title", { title: "   " }, "Title is required", "title"],
    ["no questions", { questions: [] }, "At least one question is required", "questions"],
    ["a question without text", { questions: [{ question_text: " ", input_type: "text" }] }, "Question text is required", "questions.0.question_text"],
    [
      "an unknown input type",
      { questions: [{ question_text: "Why?", input_type: "select" }] },
      "Input type must be text or textarea.",
      "questions.0.input_type",
    ],
    ["the GLOBAL audience", { audience: "GLOBAL" }, "Audience must be FAMILY_WIDE or SPECIFIC_FAMILY_MEMBERS.", "audience"],
    [
      "specific members without any member",
      { audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [] },
      "At least one family member must be selected for specific targeting.",
      "targetUserIds",
    ],
  ])("refuses %s with the product's message", async (_case, overrides, message, field) => {
    const result = await create(owner, { ...valid, ...overrides });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(result.body.fieldErrors?.[field]).toEqual([message]);
  });

  it("refuses to target the creator", async () => {
    const result = await create(owner, { ...valid, audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [relative.user.id, owner.user.id] });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("You cannot target yourself in a questionnaire.");
  });

  it("refuses to target someone of another family, and someone who does not exist", async () => {
    for (const target of [stranger.user.id, "6f1c1a52-2c55-4a8e-8d0e-5b1f6b7c9a10"]) {
      const result = await create(owner, { ...valid, audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [target] });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe("Every selected person must be a member of your family.");
    }
    const prisma = await getDb();
    expect(await prisma.questionnaire.count({ where: { title: "Our first house", audience: "SPECIFIC_FAMILY_MEMBERS" } })).toBe(0);
  });

  it("ignores target ids for a family-wide questionnaire", async () => {
    const result = await create(owner, { ...valid, targetUserIds: [stranger.user.id] });
    expect(result.status).toBe(201);
    const prisma = await getDb();
    expect(await prisma.questionnaireTarget.count({ where: { questionnaire_id: result.body.data.questionnaire.id } })).toBe(0);
  });

  it("answers 401 to an anonymous visitor and creates nothing", async () => {
    expect((await create(null, valid)).status).toBe(401);
  });
});
