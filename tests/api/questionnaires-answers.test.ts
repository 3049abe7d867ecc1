import { beforeAll, describe, expect, it } from "vitest";
import { GET as ownResponses } from "@/app/api/questionnaires/[id]/responses/route";
import { GET as ownSubmissions, PATCH as shareAll } from "@/app/api/questionnaires/[id]/submissions/route";
import { GET as questionToAsk } from "@/app/api/questionnaires/question-to-ask/route";
import { POST as answerQuestion } from "@/app/api/questionnaires/questions/[id]/answer/route";
import { PATCH as toggleResponse } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { POST as saveResponses } from "@/app/api/questionnaires/responses/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { ALREADY_ANSWERED, ANSWER_REQUIRED, ANSWER_TOO_SHORT, QUESTION_ALREADY_ANSWERED } from "@/lib/schemas/questionnaires";
import { getDb } from "@/server/platform/db/client";
import { libraryQuestionId, libraryQuestionnaireId } from "@/server/questions/questionnaires/seed-question-library";
import { createAccount, createFamiliesWithCousin, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

let owner: TestAccount, relative: TestAccount, cousin: TestAccount, stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, cousin, stranger } = await createFamiliesWithCousin());
});

const childhood = libraryQuestionnaireId("childhood");
const born = libraryQuestionId("childhood", "born");
const earliest = libraryQuestionId("childhood", "earliest");
const home = libraryQuestionId("childhood", "home");
const traditions = libraryQuestionnaireId("traditions-and-holidays");
const holiday = libraryQuestionId("traditions-and-holidays", "holiday");
const holidayMemory = libraryQuestionId("traditions-and-holidays", "memory");

const submissionsOf = (account: TestAccount, id: string) =>
  call(ownSubmissions, `/api/questionnaires/${id}/submissions`, { token: account.token, params: { id } });
const shareSubmission = (account: TestAccount | null, id: string, body?: unknown) =>
  call(toggleSubmission, `/api/questionnaires/submissions/${id}/toggle-shared`, { method: "PATCH", token: account?.token, params: { id }, body });
const shareResponse = (account: TestAccount | null, id: string, body?: unknown) =>
  call(toggleResponse, `/api/questionnaires/responses/${id}/toggle-shared`, { method: "PATCH", token: account?.token, params: { id }, body });
const shareAllOf = (account: TestAccount | null, id: string, body?: unknown) =>
  call(shareAll, `/api/questionnaires/${id}/submissions`, { method: "PATCH", token: account?.token, params: { id }, body });
const submissionFeed = (account: TestAccount) => call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: account.token });
const responseFeed = (account: TestAccount) => call(sharedResponses, "/api/questionnaires/responses/shared", { token: account.token });

describe("POST /api/questionnaires/responses", () => {
  it("saves one submission with its answers, trimmed, and leaves blank optional answers out", async () => {
    const person = await createAccount();
    const result = await answer(person, [
      { question_id: born, answer_text: "  Leeds, 1948  " },
      { question_id: earliest, answer_text: "The coal fire in the kitchen." },
      { question_id: home, answer_text: "" },
    ]);
    expect(result.status).toBe(201);
    expect(result.body.data.submission).toMatchObject({ questionnaire_id: childhood, is_shared: false });
    const submissions = await submissionsOf(person, childhood);
    expect(submissions.body.data.submissions).toEqual([
      {
        id: result.body.data.submission.id,
        questionnaire_id: childhood,
        created_at: expect.any(String),
        is_shared: false,
        responses: [
          expect.objectContaining({ question_id: born, answer_text: "Leeds, 1948", is_shared: false }),
          expect.objectContaining({ question_id: earliest, answer_text: "The coal fire in the kitchen.", is_shared: false }),
        ],
      },
    ]);
    const responses = await call(ownResponses, `/api/questionnaires/${childhood}/responses`, { token: person.token, params: { id: childhood } });
    expect(responses.body.data.responses).toHaveLength(2);
    expect(responses.body.data.responses[0]).toEqual({
      id: expect.any(String),
      question_id: born,
      answer_text: "Leeds, 1948",
      is_shared: false,
      submission_id: result.body.data.submission.id,
      created_at: expect.any(String),
      photos: [],
      recording: null,
    });
  });

  it("refuses a required question left blank or left out: This question requires an answer", async () => {
    const person = await createAccount();
    for (const responses of [
      [
        { question_id: born, answer_text: "   " },
        { question_id: earliest, answer_text: "Snow." },
      ],
      [{ question_id: earliest, answer_text: "Snow in the yard." }],
    ]) {
      const result = await answer(person, responses);
      expect(result.status).toBe(400);
      expect(result.body.error).toBe("This question requires an answer");
      expect(result.body.fieldErrors?.[born]).toEqual(["This question requires an answer"]);
    }
    expect((await submissionsOf(person, childhood)).body.data.submissions).toEqual([]);
  });

  it("refuses any answer shorter than 3 characters, optional ones too: Please provide a more detailed answer", async () => {
    const person = await createAccount();
    const result = await answer(person, [
      { question_id: born, answer_text: "Leeds" },
      { question_id: earliest, answer_text: "Snow" },
      { question_id: home, answer_text: " ok " },
    ]);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("Please provide a more detailed answer");
    expect(result.body.fieldErrors).toEqual({ [home]: ["Please provide a more detailed answer"] });
    const exactlyThree = await answer(person, [
      { question_id: born, answer_text: "Ely" },
      { question_id: earliest, answer_text: "Snow" },
    ]);
    expect(exactlyThree.status).toBe(201);
  });

  it("refuses answers to questions of two questionnaires in one submission", async () => {
    const person = await createAccount();
    const result = await answer(person, [
      { question_id: born, answer_text: "Leeds" },
      { question_id: earliest, answer_text: "Snow" },
      { question_id: holiday, answer_text: "Christmas" },
    ]);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("All answers must belong to one questionnaire.");
  });

  it("refuses the same question twice, an empty list and a malformed payload", async () => {
    const person = await createAccount();
    const twice = await answer(person, [
      { question_id: born, answer_text: "Leeds" },
      { question_id: born, answer_text: "York" },
    ]);
    expect(twice.status).toBe(400);
    expect((await answer(person, [])).body.error).toBe("Please answer at least one question.");
    const malformed = await call(saveResponses, "/api/questionnaires/responses", {
      token: person.token,
      body: { responses: [{ question_id: "x", answer_text: 3 }] },
    });
    expect(malformed.status).toBe(400);
  });

  it("answers 404 when answering a questionnaire the user may not see, and saves nothing", async () => {
    const targeted = await createCustomQuestionnaire(owner, { audience: "SPECIFIC_FAMILY_MEMBERS", targetUserIds: [relative.user.id] });
    const familyWide = await createCustomQuestionnaire(owner);
    for (const [account, questionnaire] of [
      [cousin, targeted],
      [stranger, targeted],
      [stranger, familyWide],
    ] as const) {
      const result = await answer(account, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone" }]);
      expect(result.status).toBe(404);
      expect(result.body.error).toBe("Questionnaire not found");
    }
    const target = await answer(relative, [{ question_id: targeted.questionIds[0]!, answer_text: "Everyone" }]);
    expect(target.status).toBe(201);
    const prisma = await getDb();
    expect(await prisma.submission.count({ where: { questionnaire_id: targeted.id } })).toBe(1);
  });

  it("answers 401 to an anonymous visitor", async () => {
    const result = await call(saveResponses, "/api/questionnaires/responses", { body: { responses: [{ question_id: born, answer_text: "Leeds" }] } });
    expect(result.status).toBe(401);
  });
});

describe("answering once or many times", () => {
  it("answers 409 to a second submission when the questionnaire takes one set of answers per person", async () => {
    const person = await createAccount();
    const first = await answer(person, [
      { question_id: born, answer_text: "Leeds" },
      { question_id: earliest, answer_text: "Snow" },
    ]);
    expect(first.status).toBe(201);
    const second = await answer(person, [
      { question_id: born, answer_text: "York" },
      { question_id: earliest, answer_text: "Rain" },
    ]);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(
      "You have already answered this questionnaire, and it takes one set of answers per person. You can find your answers under My Completed Questionnaires.",
    );
    expect((await submissionsOf(person, childhood)).body.data.submissions).toHaveLength(1);
  });

  it("lets two submits racing each other save only one submission", async () => {
    const person = await createAccount();
    const responses = [
      { question_id: born, answer_text: "Leeds" },
      { question_id: earliest, answer_text: "Snow" },
    ];
    const results = await Promise.all([answer(person, responses), answer(person, responses)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  });

  it("keeps every submission, oldest first, when the questionnaire allows multiple responses", async () => {
    const person = await createAccount();
    for (const name of ["Christmas", "Easter"]) {
      const result = await answer(person, [
        { question_id: holiday, answer_text: name },
        { question_id: holidayMemory, answer_text: `The ${name} of 1962.` },
      ]);
      expect(result.status).toBe(201);
    }
    const submissions = await submissionsOf(person, traditions);
    expect(submissions.body.data.submissions.map((submission: { responses: { answer_text: string }[] }) => submission.responses[0]!.answer_text)).toEqual([
      "Christmas",
      "Easter",
    ]);
  });

  it("keeps each person's answers to themselves: another person's submissions are not listed", async () => {
    const submissions = await submissionsOf(stranger, childhood);
    expect(submissions.body.data.submissions).toEqual([]);
  });
});

describe("one answer on its own (Ask a Question)", () => {
  const answerOne = (account: TestAccount | null, questionId: string, answer_text: unknown) =>
    call(answerQuestion, `/api/questionnaires/questions/${questionId}/answer`, { token: account?.token, params: { id: questionId }, body: { answer_text } });
  const parentsNames = libraryQuestionId("parents-and-grandparents", "parents-names");

  it("saves one answer to a question of a questionnaire whose other questions are required, private, listed with the person's answers", async () => {
    const person = await createAccount();
    const saved = await answerOne(person, earliest, "  The coal fire in the kitchen.  ");
    expect(saved.status).toBe(201);
    expect(saved.body.data.response).toMatchObject({ question_id: earliest, answer_text: "The coal fire in the kitchen.", is_shared: false });
    const submissions = (await submissionsOf(person, childhood)).body.data.submissions;
    expect(submissions).toHaveLength(1);
    expect(submissions[0].responses.map((response: { question_id: string }) => response.question_id)).toEqual([earliest]);
  });

  it("gathers answers given one at a time in the person's one set, and the form then completes that set", async () => {
    const person = await createAccount();
    expect((await answerOne(person, earliest, "Snow on the window")).status).toBe(201);
    // Ask a Question offers the next question of the same questionnaire, not the one answered.
    const offered = await call(questionToAsk, "/api/questionnaires/question-to-ask", { token: person.token });
    expect(offered.body.data.question_to_ask.question.id).toBe(born);
    // The rest of the questionnaire on its page: the answered questions are not asked again.
    const rest = await answer(person, [
      { question_id: born, answer_text: "Leeds, 1948" },
      { question_id: home, answer_text: "A terraced house by the mill" },
    ]);
    expect(rest.status).toBe(201);
    const submissions = (await submissionsOf(person, childhood)).body.data.submissions;
    expect(submissions).toHaveLength(1);
    expect(submissions[0].responses.map((response: { question_id: string }) => response.question_id).sort()).toEqual([born, earliest, home].sort());
    // Every required question has its answer now: the set is finished.
    expect((await answer(person, [{ question_id: home, answer_text: "Another house" }])).body.error).toBe(ALREADY_ANSWERED);
  });

  it("asks for the required questions a begun set still lacks, and refuses answering an answered question again", async () => {
    const person = await createAccount();
    expect((await answerOne(person, earliest, "Snow on the window")).status).toBe(201);
    const lacking = await answer(person, [{ question_id: home, answer_text: "A terraced house" }]);
    expect(lacking.status).toBe(400);
    expect(lacking.body.fieldErrors?.[born]).toEqual([ANSWER_REQUIRED]);
    const again = await answer(person, [
      { question_id: born, answer_text: "Leeds" },
      { question_id: earliest, answer_text: "Rain" },
    ]);
    expect(again).toMatchObject({ status: 409, body: { error: QUESTION_ALREADY_ANSWERED } });
    expect(await answerOne(person, earliest, "Something else")).toMatchObject({ status: 409, body: { error: QUESTION_ALREADY_ANSWERED } });
  });

  it("takes a question of a questionnaire that allows many sets as a set of its own each time", async () => {
    const person = await createAccount();
    expect((await answerOne(person, holiday, "Midsummer")).status).toBe(201);
    expect((await answerOne(person, holiday, "Christmas")).status).toBe(201);
    expect((await submissionsOf(person, traditions)).body.data.submissions).toHaveLength(2);
  });

  it("refuses an empty or short answer on answer_text, and saves nothing", async () => {
    const person = await createAccount();
    expect(await answerOne(person, parentsNames, "  ")).toMatchObject({
      status: 400,
      body: { error: ANSWER_REQUIRED, fieldErrors: { answer_text: [ANSWER_REQUIRED] } },
    });
    expect(await answerOne(person, parentsNames, "ok")).toMatchObject({ status: 400, body: { error: ANSWER_TOO_SHORT } });
    expect((await answerOne(person, parentsNames, 42)).status).toBe(400);
    expect((await submissionsOf(person, libraryQuestionnaireId("parents-and-grandparents"))).body.data.submissions).toEqual([]);
  });

  it("answers 404 for a question of another family's questionnaire or no question at all, and 401 to the anonymous", async () => {
    const theirs = await createCustomQuestionnaire(owner, { title: "Only for the Hughes family" });
    expect(await answerOne(stranger, theirs.questionIds[0]!, "Not my family")).toMatchObject({ status: 404, body: { error: "Question not found" } });
    expect(await answerOne(relative, theirs.questionIds[0]!, "Grandpa and the dog")).toMatchObject({ status: 201 });
    expect((await answerOne(owner, "7d5f4c1e-0000-4000-8000-000000000000", "Nothing")).status).toBe(404);
    expect((await answerOne(owner, "not-an-id", "Nothing")).status).toBe(404);
    expect((await answerOne(null, earliest, "Snow")).status).toBe(401);
  });

  it("keeps one answer when the same answer is sent twice at once", async () => {
    const person = await createAccount();
    const results = await Promise.all([answerOne(person, earliest, "Snow on the window"), answerOne(person, earliest, "Snow on the window")]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect((await submissionsOf(person, childhood)).body.data.submissions[0].responses).toHaveLength(1);
  });
});

describe("sharing answers", () => {
  /** A family of its own for each test, with one submission of Margaret's (two answers), nothing shared yet. */
  async function answeredFamily() {
    const family = await createFamiliesWithCousin();
    const result = await answer(family.owner, [
      { question_id: born, answer_text: "Leeds, 1948" },
      { question_id: earliest, answer_text: "The coal fire in the kitchen." },
    ]);
    const responses = result.body.data.submission.responses as { id: string; question_id: string }[];
    return {
      ...family,
      submissionId: result.body.data.submission.id as string,
      bornResponseId: responses.find((response) => response.question_id === born)!.id,
      earliestResponseId: responses.find((response) => response.question_id === earliest)!.id,
    };
  }

  it("lets only the author share a submission; anyone else gets 404, the anonymous 401", async () => {
    const { owner, relative, stranger, submissionId } = await answeredFamily();
    for (const account of [relative, stranger]) {
      const result = await shareSubmission(account, submissionId, { is_shared: true });
      expect(result.status).toBe(404);
      expect(result.body.error).toBe("Submission not found");
    }
    expect((await shareSubmission(null, submissionId, { is_shared: true })).status).toBe(401);
    expect((await shareSubmission(owner, "nope", { is_shared: true })).status).toBe(404);
    const prisma = await getDb();
    expect((await prisma.submission.findUniqueOrThrow({ where: { id: submissionId } })).is_shared).toBe(false);
  });

  it("lets only the author share an answer; anyone else gets 404, the anonymous 401", async () => {
    const { relative, stranger, bornResponseId } = await answeredFamily();
    for (const account of [relative, stranger]) {
      const result = await shareResponse(account, bornResponseId, { is_shared: true });
      expect(result.status).toBe(404);
      expect(result.body.error).toBe("Response not found");
    }
    expect((await shareResponse(null, bornResponseId, { is_shared: true })).status).toBe(401);
    const prisma = await getDb();
    expect((await prisma.response.findUniqueOrThrow({ where: { id: bornResponseId } })).is_shared).toBe(false);
  });

  it("shows a single shared answer alone, in both feeds, to the family only", async () => {
    const { owner, relative, cousin, stranger, submissionId, bornResponseId } = await answeredFamily();
    const shared = await shareResponse(owner, bornResponseId, { is_shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body.data.response).toMatchObject({ id: bornResponseId, is_shared: true });

    const feed = await submissionFeed(relative);
    expect(feed.body.data.submissions).toEqual([
      {
        id: submissionId,
        user_id: owner.user.id,
        created_at: expect.any(String),
        is_shared: false,
        profiles: { first_name: "Margaret", last_name: "Hughes" },
        questionnaires: { id: childhood, title: "Childhood Memories" },
        responses: [
          {
            id: bornResponseId,
            question_id: born,
            answer_text: "Leeds, 1948",
            is_shared: true,
            questions: { question_text: "Where and when were you born?", questionnaire_id: childhood },
            photos: [],
            recording: null,
          },
        ],
      },
    ]);
    const responses = await responseFeed(cousin);
    expect(responses.body.data.responses).toEqual([
      expect.objectContaining({
        id: bornResponseId,
        answer_text: "Leeds, 1948",
        user_id: owner.user.id,
        profiles: { first_name: "Margaret", last_name: "Hughes" },
        questions: expect.objectContaining({ question_text: "Where and when were you born?", questionnaire_id: childhood }),
      }),
    ]);
    expect((await submissionFeed(stranger)).body.data.submissions).toEqual([]);
    expect((await responseFeed(stranger)).body.data.responses).toEqual([]);
  });

  it("shows a shared submission with all its answers, in both feeds, to the family only", async () => {
    const { owner, relative, stranger, submissionId, bornResponseId, earliestResponseId } = await answeredFamily();
    const result = await shareSubmission(owner, submissionId, { is_shared: true });
    expect(result.status).toBe(200);
    expect(result.body.data.submission).toMatchObject({ id: submissionId, is_shared: true });

    const feed = await submissionFeed(relative);
    expect(feed.body.data.submissions).toHaveLength(1);
    expect(feed.body.data.submissions[0].is_shared).toBe(true);
    expect(feed.body.data.submissions[0].responses.map((response: { id: string }) => response.id)).toEqual([bornResponseId, earliestResponseId]);
    const responses = await responseFeed(relative);
    expect(responses.body.data.responses.map((response: { id: string }) => response.id).sort()).toEqual([bornResponseId, earliestResponseId].sort());
    expect((await submissionFeed(stranger)).body.data.submissions).toEqual([]);
    expect((await responseFeed(stranger)).body.data.responses).toEqual([]);
  });

  it("flips the state when no is_shared is sent, and hides everything again once unshared", async () => {
    const { owner, relative, submissionId, bornResponseId } = await answeredFamily();
    await shareSubmission(owner, submissionId, { is_shared: true });
    expect((await shareSubmission(owner, submissionId)).body.data.submission.is_shared).toBe(false);
    expect((await shareResponse(owner, bornResponseId)).body.data.response.is_shared).toBe(true);
    expect((await shareResponse(owner, bornResponseId)).body.data.response.is_shared).toBe(false);
    expect((await submissionFeed(relative)).body.data.submissions).toEqual([]);
    expect((await responseFeed(relative)).body.data.responses).toEqual([]);
  });

  it("shares every answer with its submission, and makes every answer private when the submission is unshared", async () => {
    const { owner, relative, submissionId, bornResponseId, earliestResponseId } = await answeredFamily();
    // An answer shared on its own first: unsharing the submission must not leave it behind.
    await shareResponse(owner, bornResponseId, { is_shared: true });
    const shared = await shareSubmission(owner, submissionId, { is_shared: true });
    expect(shared.body.data.submission.responses.map((response: { is_shared: boolean }) => response.is_shared)).toEqual([true, true]);

    const hidden = await shareSubmission(owner, submissionId, { is_shared: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.submission).toMatchObject({ id: submissionId, is_shared: false });
    expect(hidden.body.data.submission.responses.map((response: { id: string; is_shared: boolean }) => [response.id, response.is_shared])).toEqual([
      [bornResponseId, false],
      [earliestResponseId, false],
    ]);
    expect((await submissionFeed(relative)).body.data.submissions).toEqual([]);
    expect((await responseFeed(relative)).body.data.responses).toEqual([]);
  });

  it("counts a submission as shared exactly when every answer in it is", async () => {
    const { owner, relative, submissionId, bornResponseId, earliestResponseId } = await answeredFamily();
    await shareSubmission(owner, submissionId, { is_shared: true });
    // One answer made private: the submission is no longer shared as a whole, the other answer still is.
    const one = await shareResponse(owner, bornResponseId, { is_shared: false });
    expect(one.body.data).toEqual({
      response: expect.objectContaining({ id: bornResponseId, is_shared: false }),
      submission: { id: submissionId, is_shared: false },
    });
    const feed = await submissionFeed(relative);
    expect(feed.body.data.submissions).toHaveLength(1);
    expect(feed.body.data.submissions[0]).toMatchObject({ is_shared: false });
    expect(feed.body.data.submissions[0].responses.map((response: { id: string }) => response.id)).toEqual([earliestResponseId]);
    // Shared again: every answer is, so the submission is.
    const again = await shareResponse(owner, bornResponseId, { is_shared: true });
    expect(again.body.data.submission).toEqual({ id: submissionId, is_shared: true });
    // The other one made private too, then the first: nothing is left shared.
    await shareResponse(owner, earliestResponseId, { is_shared: false });
    await shareResponse(owner, bornResponseId, { is_shared: false });
    const mine = await submissionsOf(owner, childhood);
    expect(mine.body.data.submissions[0]).toMatchObject({ is_shared: false });
    expect((await submissionFeed(relative)).body.data.submissions).toEqual([]);
  });

  it("Unshare All makes every answer of the questionnaire private, answers shared one by one included, and Share All shares them all", async () => {
    const family = await createFamiliesWithCousin();
    const first = await answer(family.owner, [
      { question_id: holiday, answer_text: "Christmas" },
      { question_id: holidayMemory, answer_text: "The snow of 1962." },
    ]);
    await answer(family.owner, [
      { question_id: holiday, answer_text: "Easter" },
      { question_id: holidayMemory, answer_text: "The egg hunt." },
    ]);
    // The relative answers the same library questionnaire and shares; Margaret's Unshare All leaves that alone.
    const relatives = await answer(family.relative, [
      { question_id: holiday, answer_text: "Midsummer" },
      { question_id: holidayMemory, answer_text: "Dancing all night." },
    ]);
    await shareSubmission(family.relative, relatives.body.data.submission.id, { is_shared: true });
    await shareSubmission(family.owner, first.body.data.submission.id, { is_shared: true });
    await shareResponse(family.owner, (await submissionsOf(family.owner, traditions)).body.data.submissions[1].responses[0].id, { is_shared: true });

    const hidden = await shareAllOf(family.owner, traditions, { is_shared: false });
    expect(hidden.status).toBe(200);
    const flags = (submissions: { is_shared: boolean; responses: { is_shared: boolean }[] }[]) =>
      submissions.map((submission) => [submission.is_shared, ...submission.responses.map((response) => response.is_shared)]);
    expect(flags(hidden.body.data.submissions)).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
    const seen = (await submissionFeed(family.cousin)).body.data.submissions as { user_id: string }[];
    expect(seen.map((submission) => submission.user_id)).toEqual([family.relative.user.id]);

    const shared = await shareAllOf(family.owner, traditions, { is_shared: true });
    expect(flags(shared.body.data.submissions)).toEqual([
      [true, true, true],
      [true, true, true],
    ]);
    expect((await submissionFeed(family.cousin)).body.data.submissions).toHaveLength(3);
    expect(flags((await submissionsOf(family.relative, traditions)).body.data.submissions)).toEqual([[true, true, true]]);
  });

  it("refuses Share All without a state, on a questionnaire the caller may not see, and to the anonymous", async () => {
    const family = await createFamiliesWithCousin();
    const theirs = await createCustomQuestionnaire(family.stranger);
    expect((await shareAllOf(family.owner, traditions, {})).status).toBe(400);
    expect((await shareAllOf(family.owner, traditions, {})).body.error).toBe("is_shared must be true or false.");
    const hidden = await shareAllOf(family.owner, theirs.id, { is_shared: false });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("Questionnaire not found");
    expect((await shareAllOf(family.owner, "nope", { is_shared: false })).status).toBe(404);
    expect((await shareAllOf(null, traditions, { is_shared: false })).status).toBe(401);
    // Someone who never answered: nothing to change, and nothing changes.
    expect((await shareAllOf(family.stranger, traditions, { is_shared: true })).body.data.submissions).toEqual([]);
  });

  it("never shows the family answers that nobody shared", async () => {
    const person = await createAccount({ familyId: owner.user.family_id });
    await answer(person, [
      { question_id: born, answer_text: "Hull" },
      { question_id: earliest, answer_text: "The sea." },
    ]);
    expect((await submissionFeed(owner)).body.data.submissions).toEqual([]);
  });

  it("pages through the shared feed with limit and cursor", async () => {
    const author = await createAccount();
    const reader = await createAccount({ familyId: author.user.family_id });
    for (const name of ["Christmas", "Easter", "Diwali"]) {
      const saved = await answer(author, [
        { question_id: holiday, answer_text: name },
        { question_id: holidayMemory, answer_text: `The ${name} of 1970.` },
      ]);
      await shareSubmission(author, saved.body.data.submission.id, { is_shared: true });
    }
    const first = await call(sharedSubmissions, "/api/questionnaires/submissions/shared?limit=2", { token: reader.token });
    expect(first.body.data.submissions).toHaveLength(2);
    expect(first.body.data.next_cursor).toBe(first.body.data.submissions[1].id);
    const second = await call(sharedSubmissions, `/api/questionnaires/submissions/shared?limit=2&cursor=${first.body.data.next_cursor}`, {
      token: reader.token,
    });
    expect(second.body.data.submissions).toHaveLength(1);
    expect(second.body.data.next_cursor).toBeNull();
    const titles = [...first.body.data.submissions, ...second.body.data.submissions].map(
      (submission: { responses: { answer_text: string }[] }) => submission.responses[0]!.answer_text,
    );
    expect(titles.sort()).toEqual(["Christmas", "Diwali", "Easter"]);
    expect((await call(sharedSubmissions, "/api/questionnaires/submissions/shared?limit=0", { token: reader.token })).status).toBe(400);
  });

  it("gives nothing after a cursor that names another family's submission", async () => {
    const author = await createAccount();
    const reader = await createAccount({ familyId: author.user.family_id });
    const saved = await answer(author, [
      { question_id: holiday, answer_text: "Hanukkah" },
      { question_id: holidayMemory, answer_text: "Latkes at Grandma's." },
    ]);
    await shareSubmission(author, saved.body.data.submission.id, { is_shared: true });
    const outsider = await createAccount();
    const theirs = await answer(outsider, [
      { question_id: holiday, answer_text: "Eid" },
      { question_id: holidayMemory, answer_text: "New clothes and sweets." },
    ]);
    await shareSubmission(outsider, theirs.body.data.submission.id, { is_shared: true });
    const result = await call(sharedSubmissions, `/api/questionnaires/submissions/shared?cursor=${theirs.body.data.submission.id}`, { token: reader.token });
    expect(result.status).toBe(200);
    expect(result.body.data.submissions).toEqual([]);
    expect((await submissionFeed(reader)).body.data.submissions.map((submission: { id: string }) => submission.id)).toEqual([saved.body.data.submission.id]);
  });

  it("answers 401 to an anonymous visitor on both feeds", async () => {
    expect((await call(sharedSubmissions, "/api/questionnaires/submissions/shared")).status).toBe(401);
    expect((await call(sharedResponses, "/api/questionnaires/responses/shared")).status).toBe(401);
  });
});
