import { describe, expect, it } from "vitest";
import { POST as invite } from "@/app/api/family/invitations/route";
import { GET as nextSteps } from "@/app/api/family/next-steps/route";
import { GET as questionToAsk } from "@/app/api/questionnaires/question-to-ask/route";
import { POST as answerQuestion } from "@/app/api/questionnaires/questions/[id]/answer/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { familyBookIsEmpty } from "@/server/book/print/family-book-is-empty";
import { getDb } from "@/server/platform/db/client";
import { libraryQuestionId, libraryQuestionnaireId } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// A member's first visit (docs/product.md §2 Family Dashboard and Ask a Question): the dashboard's
// next steps count only what the member did themself, and Ask a Question offers a library question
// they have not answered yet.

const steps = async (account: TestAccount) => {
  const result = await call(nextSteps, "/api/family/next-steps", { token: account.token });
  expect(result.status).toBe(200);
  return result.body.data.next_steps as { steps: { id: string; done: boolean }[]; done: number; total: number };
};
const doneIds = async (account: TestAccount) => (await steps(account)).steps.filter((step) => step.done).map((step) => step.id);

const answerOne = (account: TestAccount, questionId: string, answer_text: string) =>
  call(answerQuestion, `/api/questionnaires/questions/${questionId}/answer`, { token: account.token, params: { id: questionId }, body: { answer_text } });

const asked = async (account: TestAccount) => {
  const result = await call(questionToAsk, "/api/questionnaires/question-to-ask", { token: account.token });
  expect(result.status).toBe(200);
  return result.body.data.question_to_ask as {
    question: { id: string; question_text: string; questionnaire_id: string };
    position: number;
    questionnaire: { id: string; title: string; audience: string };
  } | null;
};

const childhood = libraryQuestionnaireId("childhood");
const childhoodAnswers = [
  { question_id: libraryQuestionId("childhood", "born"), answer_text: "In Cardiff, in the spring of 1948." },
  { question_id: libraryQuestionId("childhood", "earliest"), answer_text: "The smell of my father's workshop." },
];

describe("GET /api/family/next-steps", () => {
  it("starts with none of the three steps done, in the dashboard's order", async () => {
    const newcomer = await createAccount();
    expect(await steps(newcomer)).toEqual({
      steps: [
        { id: "memory", done: false },
        { id: "answer", done: false },
        { id: "invite", done: false },
      ],
      done: 0,
      total: 3,
    });
  });

  it("ticks each step when the member takes it: a memory, an answer, an invitation by email", async () => {
    const member = await createAccount();
    await createMemoryAs(member.token, { title: "The first snow", memory_date: "2020-01-05" });
    expect(await doneIds(member)).toEqual(["memory"]);
    expect((await answer(member, childhoodAnswers)).status).toBe(201);
    expect(await doneIds(member)).toEqual(["memory", "answer"]);
    const sent = await call(invite, "/api/family/invitations", { token: member.token, body: { first_name: "Ines", email: uniqueEmail("ines") } });
    expect(sent.status).toBe(201);
    expect(await steps(member)).toMatchObject({ done: 3, total: 3 });
  });

  it("counts a relative who joined after the member as someone invited, but not the family they joined", async () => {
    const { owner, relative } = await createFamilies();
    expect(await doneIds(owner)).toEqual(["invite"]);
    // The relative joined an existing family: nobody came after them yet.
    expect(await doneIds(relative)).toEqual([]);
  });

  it("never counts what a relative or another family did", async () => {
    const { owner, relative, stranger } = await createFamilies();
    await createMemoryAs(relative.token, { title: "Tom's shared summer", memory_date: "2019-07-01", is_shared: "true" });
    expect((await answer(relative, childhoodAnswers)).status).toBe(201);
    const sent = await call(invite, "/api/family/invitations", { token: relative.token, body: { first_name: "Ines", email: uniqueEmail("ines") } });
    expect(sent.status).toBe(201);
    await createMemoryAs(stranger.token, { title: "Olga's dacha", memory_date: "2018-08-01" });

    expect(await doneIds(relative)).toEqual(["memory", "answer", "invite"]);
    expect(await doneIds(owner)).toEqual(["invite"]);
    expect(await doneIds(stranger)).toEqual(["memory"]);
  });

  it("answers 401 to an anonymous caller", async () => {
    const result = await call(nextSteps, "/api/family/next-steps");
    expect(result.status).toBe(401);
    expect(result.body.success).toBe(false);
  });
});

describe("GET /api/questionnaires/question-to-ask", () => {
  it("offers the library's first question to a member who has answered nothing", async () => {
    const member = await createAccount();
    const offered = await asked(member);
    expect(offered).toMatchObject({
      question: { id: libraryQuestionId("childhood", "born"), question_text: "Where and when were you born?", questionnaire_id: childhood },
      position: 0,
      questionnaire: { id: childhood, title: "Childhood Memories", audience: "GLOBAL" },
    });
  });

  it("offers the next question of a questionnaire the member began one answer at a time", async () => {
    const member = await createAccount();
    const first = await asked(member);
    expect((await answerOne(member, first!.question.id, "In Cardiff, in the spring of 1948.")).status).toBe(201);
    const next = await asked(member);
    expect(next?.questionnaire.id).toBe(first!.questionnaire.id);
    expect(next?.question.id).not.toBe(first!.question.id);
    expect(next?.position).toBe(first!.position + 1);
  });

  it("moves on once the member has answered that questionnaire, since it takes one answering from each", async () => {
    const member = await createAccount();
    expect((await answer(member, childhoodAnswers)).status).toBe(201);
    const offered = await asked(member);
    expect(offered?.questionnaire.title).toBe("Parents and Grandparents");
    expect(offered?.question.id).toBe(libraryQuestionId("parents-and-grandparents", "parents-names"));
    expect(offered?.position).toBe(0);
  });

  it("in a questionnaire answered again and again, offers the first question the member has not answered yet", async () => {
    const member = await createAccount();
    const prisma = await getDb();
    // Every questionnaire of the library before Traditions and Holidays answered already: each
    // required question has its answer.
    const before = await prisma.questionnaire.findMany({
      where: { audience: "GLOBAL", allow_multiple_responses: false, library_position: { lt: 4 } },
      select: { id: true, questions: { where: { is_required: true }, select: { id: true } } },
    });
    for (const { id, questions } of before) {
      await prisma.submission.create({
        data: {
          questionnaire_id: id,
          user_id: member.user.id,
          family_id: member.user.family_id,
          responses: { create: questions.map((question) => ({ question_id: question.id, answer_text: "Answered long ago." })) },
        },
      });
    }
    const traditions = libraryQuestionnaireId("traditions-and-holidays");
    expect((await asked(member))?.question.id).toBe(libraryQuestionId("traditions-and-holidays", "holiday"));

    const saved = await answer(member, [
      { question_id: libraryQuestionId("traditions-and-holidays", "holiday"), answer_text: "Christmas Eve" },
      { question_id: libraryQuestionId("traditions-and-holidays", "memory"), answer_text: "The year the power went out." },
    ]);
    expect(saved.status).toBe(201);
    const offered = await asked(member);
    expect(offered).toMatchObject({ question: { id: libraryQuestionId("traditions-and-holidays", "food") }, position: 2, questionnaire: { id: traditions } });
  });

  it("is not moved by a relative's or another family's answers, and never offers a family's own questionnaire", async () => {
    const { owner, relative, stranger } = await createFamilies();
    await createCustomQuestionnaire(owner);
    expect((await answer(relative, childhoodAnswers)).status).toBe(201);
    expect((await answer(stranger, childhoodAnswers)).status).toBe(201);
    const offered = await asked(owner);
    expect(offered?.questionnaire.id).toBe(childhood);
    expect(offered?.questionnaire.audience).toBe("GLOBAL");
  });

  it("offers nothing once every library question is answered", async () => {
    const member = await createAccount();
    const prisma = await getDb();
    const library = await prisma.questionnaire.findMany({ where: { audience: "GLOBAL" }, select: { id: true, questions: { select: { id: true } } } });
    for (const questionnaire of library) {
      await prisma.submission.create({
        data: {
          questionnaire_id: questionnaire.id,
          user_id: member.user.id,
          family_id: member.user.family_id,
          responses: { create: questionnaire.questions.map((question) => ({ question_id: question.id, answer_text: "Answered long ago." })) },
        },
      });
    }
    expect(await asked(member)).toBeNull();
  });

  it("answers 401 to an anonymous caller", async () => {
    const result = await call(questionToAsk, "/api/questionnaires/question-to-ask");
    expect(result.status).toBe(401);
  });
});

describe("an empty Family Book", () => {
  const isEmpty = (account: TestAccount) => familyBookIsEmpty({ viewer: account.user });

  it("is empty while the family has shared nothing, whatever is kept private or shared by another family", async () => {
    const { owner, relative, stranger } = await createFamilies();
    await createMemoryAs(owner.token, { title: "Private", memory_date: "2001-01-01" });
    expect((await answer(relative, childhoodAnswers)).status).toBe(201);
    await createMemoryAs(stranger.token, { title: "Olga's shared dacha", memory_date: "1999-07-07", is_shared: "true" });
    expect(await isEmpty(owner)).toBe(true);
    expect(await isEmpty(relative)).toBe(true);
    expect(await isEmpty(stranger)).toBe(false);
  });

  it("has something for the whole family once one relative shares a memory", async () => {
    const { owner, relative, stranger } = await createFamilies();
    await createMemoryAs(relative.token, { title: "Tom's shared summer", memory_date: "2019-07-01", is_shared: "true" });
    expect(await isEmpty(owner)).toBe(false);
    expect(await isEmpty(relative)).toBe(false);
    expect(await isEmpty(stranger)).toBe(true);
  });

  it("has something once one relative shares their answers", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const saved = await answer(relative, childhoodAnswers);
    expect(await isEmpty(owner)).toBe(true);
    const id = saved.body.data.submission.id as string;
    const shared = await call(toggleSubmission, `/api/questionnaires/submissions/${id}/toggle-shared`, {
      method: "PATCH",
      token: relative.token,
      params: { id },
      body: { is_shared: true },
    });
    expect(shared.status).toBe(200);
    expect(await isEmpty(owner)).toBe(false);
    expect(await isEmpty(stranger)).toBe(true);
  });
});
