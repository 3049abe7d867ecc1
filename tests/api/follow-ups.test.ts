import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as summaries } from "@/app/api/conversations/route";
import { POST as answerRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { POST as askRoute, GET as pendingRoute } from "@/app/api/follow-ups/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { FOLLOW_UP_REQUIRED, FOLLOW_UP_TOO_LONG, FOLLOW_UP_TOO_SHORT, followUpAnswerProblem, followUpProblem } from "@/lib/follow-ups";
import {
  answerFollowUpSchema,
  askFollowUpSchema,
  FOLLOW_UP_ALREADY_ANSWERED,
  FOLLOW_UP_ITEM_RULE,
  FOLLOW_UP_NOT_FOUND,
  FOLLOW_UP_OWN_STORY,
} from "@/lib/schemas/follow-ups";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// "Tell us more" (docs/product.md §22, docs/decisions/030-tell-us-more.md): a question to the
// author of a shared memory or answer, open exactly to those who may see the item.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let cousin: TestAccount;

type Item = { type: "memory" | "answer"; id: string };
const items: Record<"memory" | "answer", Item> = {} as never;
const notFoundText = (item: Item) => (item.type === "memory" ? "Memory not found" : "Answer not found");
const ref = (item: Item) => (item.type === "memory" ? { memory_id: item.id } : { answer_id: item.id });

const ask = (account: TestAccount | undefined, body: unknown) => call(askRoute, "/api/follow-ups", { token: account?.token, body });
const pending = (account: TestAccount | undefined) => call(pendingRoute, "/api/follow-ups", { token: account?.token });
const reply = (id: string, account: TestAccount | undefined, text: unknown) =>
  call(answerRoute, `/api/follow-ups/${id}/answer`, { token: account?.token, params: { id }, body: { answer: text } });
function share(item: Item, isShared: boolean) {
  const path = item.type === "memory" ? `/api/memories/${item.id}/toggle-shared` : `/api/questionnaires/responses/${item.id}/toggle-shared`;
  return call(item.type === "memory" ? toggleMemory : toggleAnswer, path, {
    method: "PATCH",
    token: owner.token,
    params: { id: item.id },
    body: { is_shared: isShared },
  });
}
async function summaryOf(item: Item, account: TestAccount) {
  const result = await call(summaries, `/api/conversations?${item.type}=${item.id}`, { token: account.token });
  expect(result.status).toBe(200);
  return result.body.data.summaries[0] as
    | {
        follow_ups: { question: string; answer: string; asked_by: { first_name: string }; author: { first_name: string } }[];
        can_ask_follow_up: boolean;
        author_first_name: string | null;
      }
    | undefined;
}

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Olof", lastName: "Hughes" });
  const memory = await createMemoryAs(owner.token, { title: "The summer of the flood", is_shared: "true" });
  items.memory = { type: "memory", id: memory.id };
  const questionnaire = await createCustomQuestionnaire(owner);
  const saved = await answer(owner, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone from the village" }]);
  expect(saved.status).toBe(201);
  items.answer = { type: "answer", id: saved.body.data.submission.responses[0].id };
  expect((await share(items.answer, true)).status).toBe(200);
}, 60_000);

describe.each(["memory", "answer"] as const)("Tell us more on a shared %s", (type) => {
  it("lets a relative ask the author, who finds it among their questions and answers it under the story", async () => {
    const item = items[type];
    const asked = await ask(cousin, { ...ref(item), question: "  Where did you all sleep that night?  " });
    expect(asked.status).toBe(201);
    expect(asked.body.data.follow_up).toMatchObject({
      question: "Where did you all sleep that night?",
      asked_by: { id: cousin.user.id, first_name: "Olof" },
      author: { id: owner.user.id },
      item: { type, id: item.id },
      answer: null,
      answered_at: null,
    });
    const id = asked.body.data.follow_up.id as string;

    const list = await pending(owner);
    expect(list.status).toBe(200);
    expect((list.body.data.follow_ups as { id: string }[]).map((entry) => entry.id)).toContain(id);
    // Nobody else has it to answer.
    expect((await pending(cousin)).body.data.follow_ups).toEqual([]);
    // The author is told by a notification that names the asker and the question's id.
    const told = await call(notificationsRoute, "/api/notifications", { token: owner.token });
    expect(told.body.data.notifications).toContainEqual(expect.objectContaining({ kind: "follow_up", follow_up_id: id, href: `/follow-ups#follow-up-${id}` }));
    for (const someone of [cousin, relative, stranger]) {
      const refused = await reply(id, someone, "In the hay loft");
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(FOLLOW_UP_NOT_FOUND);
    }
    expect((await reply(id, undefined, "In the hay loft")).status).toBe(401);

    // Not shown under the story until answered.
    expect((await summaryOf(item, relative))!.follow_ups.map((entry) => entry.question)).not.toContain("Where did you all sleep that night?");
    const answered = await reply(id, owner, "  In the hay loft, all six of us.  ");
    expect(answered.status).toBe(200);
    expect(answered.body.data.follow_up).toMatchObject({ answer: "In the hay loft, all six of us." });
    expect((await pending(owner)).body.data.follow_ups.map((entry: { id: string }) => entry.id)).not.toContain(id);
    // Its notification now leads to the story, where the answer is, not to an emptied list.
    const after = await call(notificationsRoute, "/api/notifications", { token: owner.token });
    const entry = (after.body.data.notifications as { follow_up_id: string | null; href: string }[]).find((notification) => notification.follow_up_id === id);
    // …opened on the question and its answer.
    expect(entry?.href).toBe(
      type === "memory"
        ? `/family-book?member=${owner.user.id}&question=${id}#memory-${item.id}`
        : `/family-book?tab=responses&member=${owner.user.id}&question=${id}#answer-${item.id}`,
    );

    // The one who asked hears that the answer came, and lands on it; nobody else does.
    const askerTold = (await call(notificationsRoute, "/api/notifications", { token: cousin.token })).body.data.notifications as {
      kind: string;
      text: string;
      href: string;
      follow_up_id: string | null;
    }[];
    const answeredNote = askerTold.filter((notification) => notification.kind === "follow_up_answered" && notification.follow_up_id === id);
    expect(answeredNote).toHaveLength(1);
    expect(answeredNote[0]!.text).toMatch(/^Margaret Hughes answered your question about “/);
    expect(answeredNote[0]!.href).toBe(
      type === "memory"
        ? `/family-book?member=${owner.user.id}&question=${id}#memory-${item.id}`
        : `/family-book?tab=responses&member=${owner.user.id}&question=${id}#answer-${item.id}`,
    );
    const othersTold = (await call(notificationsRoute, "/api/notifications", { token: relative.token })).body.data.notifications as {
      kind: string;
      follow_up_id: string | null;
    }[];
    expect(othersTold.filter((notification) => notification.kind === "follow_up_answered" && notification.follow_up_id === id)).toEqual([]);

    for (const reader of [owner, relative, cousin]) {
      const summary = await summaryOf(item, reader);
      expect(summary!.follow_ups).toContainEqual(
        expect.objectContaining({
          question: "Where did you all sleep that night?",
          answer: "In the hay loft, all six of us.",
          asked_by: expect.objectContaining({ first_name: "Olof" }),
        }),
      );
    }
    expect(await summaryOf(item, stranger)).toBeUndefined();
  });

  it("says who may ask: the family, not the author, not another family, not the anonymous", async () => {
    const item = items[type];
    expect(await summaryOf(item, relative)).toMatchObject({ can_ask_follow_up: true, author_first_name: owner.user.first_name });
    expect(await summaryOf(item, owner)).toMatchObject({ can_ask_follow_up: false });

    const own = await ask(owner, { ...ref(item), question: "Who else was there?" });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe(FOLLOW_UP_OWN_STORY);
    const other = await ask(stranger, { ...ref(item), question: "Who else was there?" });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(notFoundText(item));
    const anonymous = await ask(undefined, { ...ref(item), question: "Who else was there?" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("Please sign in to continue.");
  });

  it("hides the question and its answer with the story when it is made private, and brings them back", async () => {
    const item = items[type];
    const asked = await ask(relative, { ...ref(item), question: "What did Grandad say?" });
    const id = asked.body.data.follow_up.id as string;
    expect((await reply(id, owner, "Not a word, for once.")).status).toBe(200);
    const waiting = await ask(relative, { ...ref(item), question: "And Aunt Ruth?" });
    const waitingId = waiting.body.data.follow_up.id as string;

    expect((await share(item, false)).status).toBe(200);
    const closed = await ask(relative, { ...ref(item), question: "Still there?" });
    expect(closed.status).toBe(404);
    expect(closed.body.error).toBe(notFoundText(item));
    expect(await summaryOf(item, relative)).toBeUndefined();
    expect((await pending(owner)).body.data.follow_ups.map((entry: { id: string }) => entry.id)).not.toContain(waitingId);
    const hidden = await reply(waitingId, owner, "She laughed.");
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe(FOLLOW_UP_NOT_FOUND);

    expect((await share(item, true)).status).toBe(200);
    expect((await summaryOf(item, relative))!.follow_ups.map((entry) => entry.answer)).toContain("Not a word, for once.");
    expect((await pending(owner)).body.data.follow_ups.map((entry: { id: string }) => entry.id)).toContain(waitingId);
  });

  it("keeps exactly one answer when two arrive at the same moment", async () => {
    const item = items[type];
    const asked = await ask(cousin, { ...ref(item), question: "Did the cow survive?" });
    const id = asked.body.data.follow_up.id as string;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => reply(id, owner, `Yes, answer ${index}`)));
    expect(answers.filter((result) => result.status === 200)).toHaveLength(1);
    const refused = answers.filter((result) => result.status !== 200);
    expect(refused).toHaveLength(5);
    for (const result of refused) {
      expect(result.status).toBe(409);
      expect(result.body.error).toBe(FOLLOW_UP_ALREADY_ANSWERED);
    }
    const kept = answers.find((result) => result.status === 200)!.body.data.follow_up.answer;
    const shown = (await summaryOf(item, cousin))!.follow_ups.filter((entry) => entry.question === "Did the cow survive?");
    expect(shown).toEqual([expect.objectContaining({ answer: kept })]);
  });
});

describe("asking and answering", () => {
  it("refuses empty, short, long and hidden-character questions with clear messages", async () => {
    const item = items.memory;
    for (const [question, message] of [
      ["   ", FOLLOW_UP_REQUIRED],
      ["ok", FOLLOW_UP_TOO_SHORT],
      ["a".repeat(501), FOLLOW_UP_TOO_LONG],
      ["Why\u0000?", "The question contains a hidden control character or a broken character. Please remove it and try again."],
    ] as const) {
      const result = await ask(relative, { ...ref(item), question });
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors?.question).toEqual([message]);
    }
    expect((await ask(relative, { ...ref(item), question: "a".repeat(500) })).status).toBe(201);
    const neither = await ask(relative, { question: "Who was there?" });
    expect(neither.status).toBe(400);
    expect(neither.body.fieldErrors?.memory_id).toEqual([FOLLOW_UP_ITEM_RULE]);
    const both = await ask(relative, { memory_id: items.memory.id, answer_id: items.answer.id, question: "Who was there?" });
    expect(both.status).toBe(400);
    const missing = await ask(relative, { memory_id: "00000000-0000-4000-8000-000000000000", question: "Who was there?" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Memory not found");
  });

  it("refuses an empty answer and one over 5,000 characters", async () => {
    const asked = await ask(relative, { ...ref(items.memory), question: "What was the river called?" });
    const id = asked.body.data.follow_up.id as string;
    const empty = await reply(id, owner, " ");
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors?.answer).toEqual(["Please write your answer first"]);
    const long = await reply(id, owner, "a".repeat(5001));
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.answer).toEqual(["An answer can be at most 5,000 characters"]);
    const malformed = await reply("not-an-id", owner, "The Severn");
    expect(malformed.status).toBe(404);
  });

  it("lists the waiting questions oldest first", async () => {
    const first = await ask(cousin, { ...ref(items.answer), question: "First of two" });
    const second = await ask(relative, { ...ref(items.memory), question: "Second of two" });
    const ids = (await pending(owner)).body.data.follow_ups.map((entry: { id: string }) => entry.id) as string[];
    expect(ids.indexOf(first.body.data.follow_up.id)).toBeLessThan(ids.indexOf(second.body.data.follow_up.id));
  });

  it("the screens' rule and the API's agree on any text (fuzzed)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), (text) => {
        const parsed = askFollowUpSchema.safeParse({ memory_id: "00000000-0000-4000-8000-000000000001", question: text });
        expect(parsed.success).toBe(followUpProblem(text) === null);
        const answered = answerFollowUpSchema.safeParse({ answer: text });
        expect(answered.success).toBe(followUpAnswerProblem(text) === null);
      }),
      { numRuns: 500 },
    );
  });
});
