import { describe, expect, it } from "vitest";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { GET as summaries } from "@/app/api/conversations/route";
import { PATCH as changeRole } from "@/app/api/family/members/[id]/route";
import { POST as answerFollowUpRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { POST as askFollowUpRoute } from "@/app/api/follow-ups/route";
import { GET as listComments, POST as postComment } from "@/app/api/memories/[id]/comments/route";
import { PUT as react } from "@/app/api/memories/[id]/reactions/[kind]/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as search } from "@/app/api/search/route";
import { POST as answerByLink } from "@/app/api/weekly-questions/answer/route";
import { POST as startPlan } from "@/app/api/weekly-questions/route";
import type { KeepChoice } from "@/lib/schemas/family-circle";
import { FORMER_MEMBER } from "@/server/family/members/former-member";
import { getDb } from "@/server/platform/db/client";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { issueAnswerLinkForTests } from "../helpers/weekly-links";

// What a person wrote is theirs (docs/decisions/024-leaving-and-the-circle.md, docs/product.md §19):
// deleting one account removes that person's words only. Everything the others wrote beside it —
// memories, answers, comments and replies, "Tell us more" questions and their answers, reactions,
// weekly answers — stays, readable, attributed, and found by search.

type Family = Awaited<ReturnType<typeof familyThatTalks>>;

/** Grandma and Olivia, who have written to and about each other in every way the product has. */
async function familyThatTalks() {
  const grandma = await createAccount({ firstName: "Rosa", lastName: "Molina" });
  const olivia = await createAccount({ familyId: grandma.user.family_id, firstName: "Olivia", lastName: "Molina" });
  const prisma = await getDb();

  const grandmasStory = await createMemoryAs(grandma.token, { title: "Málaga in 1974", content: "We took the night train south.", is_shared: "true" });
  const oliviasStory = await createMemoryAs(olivia.token, { title: "My first day at school", content: "Grandma walked me there.", is_shared: "true" });
  const questionnaire = await createCustomQuestionnaire(olivia, { title: "Summers by the sea" });
  const saved = await answer(grandma, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone from the village came along." }]);
  const grandmasAnswer = saved.body.data.submission.responses[0].id as string;
  await call(toggleAnswer, `/api/questionnaires/responses/${grandmasAnswer}/toggle-shared`, {
    method: "PATCH",
    token: grandma.token,
    params: { id: grandmasAnswer },
    body: { is_shared: true },
  });

  const comment = (who: TestAccount, memoryId: string, body: string) =>
    call(postComment, `/api/memories/${memoryId}/comments`, { token: who.token, params: { id: memoryId }, body: { body } });
  expect((await comment(olivia, grandmasStory.id, "Who sang on the train?")).status).toBe(201);
  expect((await comment(grandma, grandmasStory.id, "Your grandfather, all night long.")).status).toBe(201);
  expect((await comment(grandma, oliviasStory.id, "You held my hand the whole way.")).status).toBe(201);
  for (const [who, memoryId] of [
    [olivia, grandmasStory.id],
    [grandma, oliviasStory.id],
  ] as const) {
    expect(
      (await call(react, `/api/memories/${memoryId}/reactions/love`, { method: "PUT", token: who.token, params: { id: memoryId, kind: "love" } })).status,
    ).toBe(200);
  }

  const ask = async (who: TestAccount, memoryId: string, question: string) =>
    (await call(askFollowUpRoute, "/api/follow-ups", { token: who.token, body: { memory_id: memoryId, question } })).body.data.follow_up.id as string;
  const reply = (who: TestAccount, id: string, text: string) =>
    call(answerFollowUpRoute, `/api/follow-ups/${id}/answer`, { token: who.token, params: { id }, body: { answer: text } });
  const askedOfGrandma = await ask(olivia, grandmasStory.id, "Where did you all sleep?");
  expect((await reply(grandma, askedOfGrandma, "In the hay loft, all six of us.")).status).toBe(200);
  const askedOfOlivia = await ask(grandma, oliviasStory.id, "What was your teacher called?");
  expect((await reply(olivia, askedOfOlivia, "Mrs Alvarez.")).status).toBe(200);

  // Olivia set up weekly questions for Grandma; Grandma answered one.
  const plan = await call(startPlan, "/api/weekly-questions", {
    token: olivia.token,
    body: { recipient_id: grandma.user.id, source: "surprise", weekday: 1, hour: 9, time_zone: "UTC", share_by_default: true },
  });
  expect(plan.status).toBe(201);
  const token = await issueAnswerLinkForTests(plan.body.data.plan.id as string);
  const weekly = await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "Under the fig tree in my mother's yard." } });
  expect(weekly.status).toBe(201);

  // What this family holds (the test file's other families aside).
  const familyId = grandma.user.family_id;
  const texts = async () => {
    const [memories, comments, reactions, followUps, responses] = await Promise.all([
      prisma.memory.findMany({ where: { family_id: familyId }, select: { title: true, user_id: true } }),
      prisma.comment.findMany({ where: { family_id: familyId }, select: { body: true, user_id: true } }),
      prisma.reaction.findMany({ where: { family_id: familyId }, select: { user_id: true, memory_id: true } }),
      prisma.followUpQuestion.findMany({ where: { family_id: familyId }, select: { question: true, answer: true, asker_id: true, author_id: true } }),
      prisma.response.findMany({ where: { submission: { family_id: familyId } }, select: { answer_text: true } }),
    ]);
    return { memories, comments, reactions, followUps, responses };
  };
  return { grandma, olivia, grandmasStory, oliviasStory, grandmasAnswer, askedOfGrandma, askedOfOlivia, texts, prisma };
}

const deleteAs = (account: TestAccount, keep: KeepChoice) =>
  call(deleteAccountRoute, "/api/account/delete", { token: account.token, body: { keep, password: account.password } });

async function summaryOf(memoryId: string, reader: TestAccount) {
  const result = await call(summaries, `/api/conversations?memory=${memoryId}`, { token: reader.token });
  return result.body.data.summaries[0] as {
    follow_ups: { question: string; answer: string; asked_by: { id: string | null; first_name: string } }[];
    reactions: { kind: string; count: number }[];
  };
}

async function commentsOn(memoryId: string, reader: TestAccount) {
  return (
    (await call(listComments, `/api/memories/${memoryId}/comments`, { token: reader.token, params: { id: memoryId } })).body.data.comments as { body: string }[]
  ).map((comment) => comment.body);
}

/** Everything Grandma wrote is there, readable by a relative, and found by search. */
async function expectGrandmasWordsKept(family: Family, reader: TestAccount) {
  const { memories, comments, followUps, responses } = await family.texts();
  expect(memories.map((memory) => memory.title)).toContain("Málaga in 1974");
  expect(comments.map((comment) => comment.body)).toEqual(expect.arrayContaining(["Your grandfather, all night long."]));
  expect(responses.map((response) => response.answer_text)).toEqual(
    expect.arrayContaining(["Everyone from the village came along.", "Under the fig tree in my mother's yard."]),
  );
  expect(followUps.find((followUp) => followUp.answer === "In the hay loft, all six of us.")).toBeDefined();

  const summary = await summaryOf(family.grandmasStory.id, reader);
  expect(summary.follow_ups).toEqual([
    expect.objectContaining({
      question: "Where did you all sleep?",
      answer: "In the hay loft, all six of us.",
      asked_by: { id: null, first_name: FORMER_MEMBER, last_name: "" },
    }),
  ]);
  expect(await commentsOn(family.grandmasStory.id, reader)).toContain("Your grandfather, all night long.");
  const found = await call(search, "/api/search?q=fig%20tree", { token: reader.token });
  const snippets = (found.body.data.results as { snippet: { text: string }[] }[]).map((result) => result.snippet.map((piece) => piece.text).join(""));
  expect(snippets).toContain("Under the fig tree in my mother's yard");
}

describe.each<KeepChoice>(["nothing", "shared_as_former_member", "shared_with_name"])("deleting Olivia's account (%s)", (keep) => {
  it("removes Olivia's words only: Grandma's story, answers, replies, answers to Olivia's questions and weekly answers stay", async () => {
    const family = await familyThatTalks();
    const reader = await createAccount({ familyId: family.grandma.user.family_id, firstName: "Tom" });
    expect((await deleteAs(family.olivia, keep)).status).toBe(200);

    await expectGrandmasWordsKept(family, reader);
    const { comments, reactions, followUps } = await family.texts();
    // Olivia's own words and reactions are gone.
    expect(comments.map((comment) => comment.body)).not.toContain("Who sang on the train?");
    expect(reactions.some((reaction) => reaction.user_id === family.olivia.user.id)).toBe(false);
    // Grandma's question to Olivia stays where Olivia's story stays (left to the family), with Olivia's answer as part of it.
    const toOlivia = followUps.find((followUp) => followUp.question === "What was your teacher called?");
    if (keep === "nothing") expect(toOlivia).toBeUndefined();
    else expect(toOlivia).toMatchObject({ answer: "Mrs Alvarez.", author_id: null, asker_id: family.grandma.user.id });
    // Grandma's comment and reaction on Olivia's story go with the story only when Olivia took it along.
    expect(comments.map((comment) => comment.body).includes("You held my hand the whole way.")).toBe(keep !== "nothing");
  });
});

describe("deleting Grandma's account, leaving what she shared", () => {
  it("keeps every word Olivia wrote, on Grandma's stories and her own", async () => {
    const family = await familyThatTalks();
    expect(
      (
        await call(changeRole, `/api/family/members/${family.olivia.user.id}`, {
          method: "PATCH",
          token: family.grandma.token,
          params: { id: family.olivia.user.id },
          body: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    expect((await deleteAs(family.grandma, "shared_with_name")).status).toBe(200);
    const { memories, comments, followUps } = await family.texts();
    expect(memories.map((memory) => memory.title)).toEqual(expect.arrayContaining(["Málaga in 1974", "My first day at school"]));
    expect(comments.map((comment) => comment.body)).toContain("Who sang on the train?");
    expect(comments.map((comment) => comment.body)).not.toContain("Your grandfather, all night long.");
    // Olivia's question stays under Grandma's story, with the answer Grandma left with it.
    expect(followUps).toEqual(
      expect.arrayContaining([expect.objectContaining({ question: "Where did you all sleep?", answer: "In the hay loft, all six of us.", author_id: null })]),
    );
    expect(followUps.find((followUp) => followUp.question === "What was your teacher called?")).toMatchObject({ answer: "Mrs Alvarez.", asker_id: null });
    const summary = await summaryOf(family.oliviasStory.id, family.olivia);
    expect(summary.follow_ups[0]).toMatchObject({ question: "What was your teacher called?", asked_by: { id: null, first_name: FORMER_MEMBER } });
  });
});
