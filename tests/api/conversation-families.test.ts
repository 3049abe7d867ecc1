import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DELETE as deleteComment, PATCH as editComment } from "@/app/api/comments/[id]/route";
import { GET as summariesRoute } from "@/app/api/conversations/route";
import { DELETE as removeMember } from "@/app/api/family/members/[id]/route";
import { POST as answerRoute } from "@/app/api/follow-ups/[id]/answer/route";
import { POST as askRoute, GET as pendingRoute } from "@/app/api/follow-ups/route";
import { POST as commentOnMemory, GET as memoryComments } from "@/app/api/memories/[id]/comments/route";
import { PUT as reactMemory, DELETE as unreactMemory } from "@/app/api/memories/[id]/reactions/[kind]/route";
import { GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { GET as unreadRoute } from "@/app/api/notifications/unread-count/route";
import { GET as answerComments, POST as commentOnAnswer } from "@/app/api/questionnaires/responses/[id]/comments/route";
import { PUT as reactAnswer } from "@/app/api/questionnaires/responses/[id]/reactions/[kind]/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { Prisma } from "@/generated/prisma/client";
import { COMMENT_NOT_FOUND } from "@/lib/schemas/conversations";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { FOLLOW_UP_NOT_FOUND } from "@/lib/schemas/follow-ups";
import { toUserDto } from "@/server/accounts/users/user-dto";
import { gatherExport } from "@/server/book/exports/gather-export";
import { gatherBookContent } from "@/server/book/print/gather-book-content";
import { commentsOpenTo, conversationFamilySql, followUpsOpenTo, reactionsOpenTo, type ConversationAlias } from "@/server/conversations/conversation-item";
import { conversationOpenToSql } from "@/server/memories/memory-visibility";
import { getDb, queryRows } from "@/server/platform/db/client";
import { answerConversationOpenToSql } from "@/server/questions/questionnaires/answer-visibility";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// What is said in a family stays that family's (docs/decisions/037-conversations-stay-in-their-family.md):
// Bob is removed from the Hughes family and starts his own, which Dave joins. His shared memory and
// answer go with him; what Carol and Alice said on them stays behind, and what Bob said on Alice's
// memory stays with the Hughes family. Each writer can still change and delete their own words.

type Item = { type: "memory" | "answer"; id: string };
type Summary = {
  comment_count: number;
  reactions: { kind: string; count: number; people: { id: string }[] }[];
  follow_ups: { id: string; question: string; answer: string; asked_by: { id: string } }[];
};

let alice: TestAccount; // admin of the Hughes family
let bob: TestAccount; // removed from it; admin of his own family afterwards
let carol: TestAccount; // stays with the Hughes family
let dave: TestAccount; // joins Bob's new family
let bobsMemory: Item;
let bobsAnswer: Item;
let alicesMemory: Item;
const said = {} as {
  carolOnMemory: string;
  carolOnAnswer: string;
  bobOnAlices: string;
  carolsAnsweredQuestion: string;
  carolsWaitingQuestion: string;
  bobsQuestionToAlice: string;
};

const base = (item: Item) => (item.type === "memory" ? `/api/memories/${item.id}` : `/api/questionnaires/responses/${item.id}`);
function listComments(item: Item, account: TestAccount) {
  return call(item.type === "memory" ? memoryComments : answerComments, `${base(item)}/comments`, { token: account.token, params: { id: item.id } });
}
async function comment(item: Item, account: TestAccount, body: string) {
  const result = await call(item.type === "memory" ? commentOnMemory : commentOnAnswer, `${base(item)}/comments`, {
    token: account.token,
    params: { id: item.id },
    body: { body },
  });
  expect(result.status).toBe(201);
  return result.body.data.comment.id as string;
}
async function react(item: Item, account: TestAccount, kind: string) {
  const result = await call(item.type === "memory" ? reactMemory : reactAnswer, `${base(item)}/reactions/${kind}`, {
    method: "PUT",
    token: account.token,
    params: { id: item.id, kind },
  });
  expect(result.status).toBe(200);
  return result.body.data.summary as Summary;
}
async function ask(account: TestAccount, item: Item, question: string) {
  const result = await call(askRoute, "/api/follow-ups", {
    token: account.token,
    body: { ...(item.type === "memory" ? { memory_id: item.id } : { answer_id: item.id }), question },
  });
  expect(result.status).toBe(201);
  return result.body.data.follow_up.id as string;
}
const reply = (account: TestAccount, id: string, text: string) =>
  call(answerRoute, `/api/follow-ups/${id}/answer`, { token: account.token, params: { id }, body: { answer: text } });
const edit = (account: TestAccount, id: string, body: string) =>
  call(editComment, `/api/comments/${id}`, { method: "PATCH", token: account.token, params: { id }, body: { body } });
const remove = (account: TestAccount, id: string) => call(deleteComment, `/api/comments/${id}`, { method: "DELETE", token: account.token, params: { id } });
const pending = async (account: TestAccount) =>
  ((await call(pendingRoute, "/api/follow-ups", { token: account.token })).body.data.follow_ups as { id: string }[]).map((entry) => entry.id);
const bodies = async (item: Item, account: TestAccount) => {
  const result = await listComments(item, account);
  expect(result.status).toBe(200);
  return (result.body.data.comments as { body: string }[]).map((entry) => entry.body);
};
async function summaryOf(item: Item, account: TestAccount) {
  const result = await call(summariesRoute, `/api/conversations?${item.type}=${item.id}`, { token: account.token });
  expect(result.status).toBe(200);
  return result.body.data.summaries[0] as Summary | undefined;
}
const reactionsIn = (summary: Summary) => summary.reactions.flatMap((reaction) => reaction.people.map((person) => `${reaction.kind}:${person.id}`));
const viewerOf = async (account: TestAccount) => toUserDto(await (await getDb()).user.findUniqueOrThrow({ where: { id: account.user.id } }));

beforeAll(async () => {
  alice = await createAccount({ firstName: "Alice", lastName: "Hughes" });
  bob = await createAccount({ familyId: alice.user.family_id, firstName: "Bob", lastName: "Hughes" });
  carol = await createAccount({ familyId: alice.user.family_id, firstName: "Carol", lastName: "Hughes" });
  bobsMemory = { type: "memory", id: (await createMemoryAs(bob.token, { title: "Bob's boat", is_shared: "true" })).id };
  alicesMemory = { type: "memory", id: (await createMemoryAs(alice.token, { title: "Alice's garden", is_shared: "true" })).id };
  const questionnaire = await createCustomQuestionnaire(alice);
  const saved = await answer(bob, [{ question_id: questionnaire.questionIds[0]!, answer_text: "The lighthouse keeper" }]);
  expect(saved.status).toBe(201);
  bobsAnswer = { type: "answer", id: saved.body.data.submission.responses[0].id };
  const shared = await call(toggleAnswer, `${base(bobsAnswer)}/toggle-shared`, {
    method: "PATCH",
    token: bob.token,
    params: { id: bobsAnswer.id },
    body: { is_shared: true },
  });
  expect(shared.status).toBe(200);

  // The Hughes family talks about Bob's stories…
  said.carolOnMemory = await comment(bobsMemory, carol, "Marmalade-sandwich secret: Aunt Ruth sank that boat");
  said.carolOnAnswer = await comment(bobsAnswer, carol, "Marmalade-sandwich keeper was our cousin");
  await react(bobsMemory, alice, "love");
  await react(bobsAnswer, alice, "wow");
  said.carolsAnsweredQuestion = await ask(carol, bobsMemory, "Marmalade-sandwich question: who rowed?");
  said.carolsWaitingQuestion = await ask(carol, bobsMemory, "Marmalade-sandwich question: where is it now?");
  expect((await reply(bob, said.carolsAnsweredQuestion, "Marmalade-sandwich answer: Grandpa rowed.")).status).toBe(200);
  // …and Bob about Alice's.
  said.bobOnAlices = await comment(alicesMemory, bob, "I planted the roses");
  await react(alicesMemory, bob, "thanks");
  said.bobsQuestionToAlice = await ask(bob, alicesMemory, "Which roses were they?");

  const removed = await call(removeMember, `/api/family/members/${bob.user.id}`, { method: "DELETE", token: alice.token, params: { id: bob.user.id } });
  expect(removed.status).toBe(200);
  const bobsFamily = (await getDb()).user.findUniqueOrThrow({ where: { id: bob.user.id }, select: { family_id: true } });
  dave = await createAccount({ familyId: (await bobsFamily).family_id!, firstName: "Dave", lastName: "Larsen" });
}, 120_000);

describe("a member's items leave for their new family without the old family's conversation", () => {
  it("shows Bob's new family, Bob included, none of the comments, reactions or questions said in the old one", async () => {
    for (const reader of [dave, bob]) {
      expect((await call(getMemoryRoute, base(bobsMemory), { token: reader.token, params: { id: bobsMemory.id } })).status).toBe(200);
      for (const item of [bobsMemory, bobsAnswer]) {
        expect((await bodies(item, reader)).filter((body) => body.startsWith("Marmalade-sandwich"))).toEqual([]);
        const summary = (await summaryOf(item, reader))!;
        expect(reactionsIn(summary).filter((reaction) => reaction.endsWith(alice.user.id))).toEqual([]);
        expect(summary.follow_ups.filter((followUp) => followUp.asked_by.id === carol.user.id)).toEqual([]);
      }
    }
    // Every count is what its reader is shown, in either family (decision 027).
    for (const reader of [alice, bob, carol, dave]) {
      for (const item of [bobsMemory, bobsAnswer, alicesMemory]) {
        const summary = await summaryOf(item, reader);
        const list = await listComments(item, reader);
        if (!summary) {
          expect(list.status).toBe(404);
          continue;
        }
        expect(summary.comment_count).toBe(list.body.data.comments.length);
      }
    }
    const unread = await call(unreadRoute, "/api/notifications/unread-count", { token: bob.token });
    const listed = await call(notificationsRoute, "/api/notifications", { token: bob.token });
    expect(unread.body.data.unread_count).toBe((listed.body.data.notifications as { read: boolean }[]).filter((entry) => !entry.read).length);
  });

  it("keeps it out of the printed book, the family's export and search; Bob's own export keeps the answer he gave", async () => {
    for (const reader of [dave, bob]) {
      const book = await gatherBookContent({
        viewer: await viewerOf(reader),
        options: bookOptionsSchema.parse({ comments: "include" }),
        origin: "http://localhost:3000",
      });
      const items = book.chapters.flatMap((chapter) => chapter.items);
      const boat = items.find((item) => item.kind === "memory" && item.title === "Bob's boat");
      expect(boat).toMatchObject({ comments: [] });
      expect(JSON.stringify(book)).not.toContain("Marmalade-sandwich");

      const search = await call(searchRoute, "/api/search?q=marmalade", { token: reader.token });
      expect(search.status).toBe(200);
      expect(search.body.data.results).toEqual([]);
    }
    // Bob is his new family's admin: its export holds his stories, not the old family's questions.
    const familyExport = await gatherExport(await viewerOf(bob), "family");
    expect(familyExport.document.memories.find((memory) => memory.id === bobsMemory.id)!.follow_ups).toEqual([]);
    expect(JSON.stringify(familyExport.document)).not.toContain("Marmalade-sandwich");
    // The answer Bob gave is his own words: his own export keeps it.
    const own = await gatherExport(await viewerOf(bob), "account");
    const answered = own.document.memories
      .find((memory) => memory.id === bobsMemory.id)!
      .follow_ups!.find((followUp) => followUp.id === said.carolsAnsweredQuestion);
    expect(answered).toMatchObject({ question: "Marmalade-sandwich question: who rowed?", answer: "Marmalade-sandwich answer: Grandpa rowed." });
    // Carol is named there, not linked: she is not in Bob's family.
    const asker = own.document.people.find((person) => person.id === answered!.asked_by_id)!;
    expect(asker).toMatchObject({ first_name: "Carol Hughes", email: "" });
  });

  it("tells nobody in the new family of it, and waits for no answer to the old family's questions", async () => {
    for (const reader of [dave, bob]) {
      const list = await call(notificationsRoute, "/api/notifications", { token: reader.token });
      const texts = (list.body.data.notifications as { text: string }[]).map((entry) => entry.text);
      expect(texts.filter((text) => /Carol|Alice/.test(text))).toEqual([]);
    }
    expect(await pending(bob)).toEqual([]);
    const late = await reply(bob, said.carolsWaitingQuestion, "At the bottom of the lake");
    expect(late.status).toBe(404);
    expect(late.body.error).toBe(FOLLOW_UP_NOT_FOUND);

    // Dave's comment is the new family's conversation: Carol, who spoke in the old one, hears no reply.
    await comment(bobsMemory, dave, "What a boat!");
    expect(await bodies(bobsMemory, bob)).toEqual(["What a boat!"]);
    expect(await (await getDb()).notification.count({ where: { recipient_id: carol.user.id, memory_id: bobsMemory.id, kind: "reply" } })).toBe(0);
  });

  it("lets Carol edit and delete her own comment, and Bob, the story's author, no longer remove it", async () => {
    const refused = await remove(bob, said.carolOnAnswer);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(COMMENT_NOT_FOUND);

    const edited = await edit(carol, said.carolOnMemory, "Never mind");
    expect(edited.status).toBe(200);
    expect(edited.body.data.comment).toMatchObject({ body: "Never mind", edited: true, can_edit: true });
    expect((await remove(carol, said.carolOnMemory)).status).toBe(200);
    expect(await (await getDb()).comment.count({ where: { id: said.carolOnMemory } })).toBe(0);
    expect((await remove(carol, said.carolOnMemory)).status).toBe(404);
    // Alice's reaction on a story she can no longer see stays out of reach, like the story.
    expect(
      (await call(unreactMemory, `${base(bobsMemory)}/reactions/love`, { method: "DELETE", token: alice.token, params: { id: bobsMemory.id, kind: "love" } }))
        .status,
    ).toBe(404);
  });
});

describe("what the removed member said in the old family stays there", () => {
  it("shows the Hughes family Bob's comment, reaction and question under his name, and leaves his comment his to edit and delete", async () => {
    for (const reader of [alice, carol]) {
      const list = await listComments(alicesMemory, reader);
      expect(list.body.data.comments).toEqual([
        expect.objectContaining({ body: "I planted the roses", author: { id: bob.user.id, first_name: "Bob", last_name: "Hughes" } }),
      ]);
      const summary = (await summaryOf(alicesMemory, reader))!;
      expect(summary.comment_count).toBe(1);
      expect(reactionsIn(summary)).toEqual([`thanks:${bob.user.id}`]);
    }
    expect(await pending(alice)).toContain(said.bobsQuestionToAlice);
    expect((await reply(alice, said.bobsQuestionToAlice, "Albertine, from Grandma")).status).toBe(200);
    expect((await summaryOf(alicesMemory, carol))!.follow_ups).toEqual([
      expect.objectContaining({
        question: "Which roses were they?",
        answer: "Albertine, from Grandma",
        asked_by: expect.objectContaining({ id: bob.user.id }),
      }),
    ]);
    // Bob's new family sees nothing of Alice's memory, nor Bob.
    expect((await listComments(alicesMemory, dave)).status).toBe(404);
    expect(await summaryOf(alicesMemory, bob)).toBeUndefined();

    // Bob's comment is still his own: he changes and deletes it, though he can no longer read it,
    // and removes nobody else's.
    const roses = await comment(alicesMemory, carol, "They still bloom");
    expect((await remove(bob, roses)).status).toBe(404);
    expect((await edit(bob, said.bobOnAlices, "I planted the red roses")).status).toBe(200);
    expect(await bodies(alicesMemory, alice)).toEqual(["I planted the red roses", "They still bloom"]);
    expect((await remove(bob, said.bobOnAlices)).status).toBe(200);
    expect(await bodies(alicesMemory, alice)).toEqual(["They still bloom"]);
    expect((await summaryOf(alicesMemory, alice))!.comment_count).toBe(1);
  });
});

describe("the conversation rule", () => {
  it("says the same in SQL as in Prisma, for comments, reactions and questions, for every reader", async () => {
    const prisma = await getDb();
    const ours = { OR: [{ memory_id: { in: [bobsMemory.id, alicesMemory.id] } }, { response_id: bobsAnswer.id }] };
    const sqlIds = async (table: string, alias: ConversationAlias, viewer: Awaited<ReturnType<typeof viewerOf>>) => {
      const memories = conversationOpenToSql(viewer) ?? Prisma.sql`FALSE`;
      const answers = answerConversationOpenToSql(viewer) ?? Prisma.sql`FALSE`;
      const row = Prisma.raw(alias);
      const rows = await queryRows(
        Prisma.sql`
          SELECT ${row}.id::text AS id FROM ${Prisma.raw(table)} ${row}
            LEFT JOIN memories m ON m.id = ${row}.memory_id
            LEFT JOIN responses r ON r.id = ${row}.response_id
            LEFT JOIN submissions s ON s.id = r.submission_id
            LEFT JOIN users author ON author.id = s.user_id
           WHERE (${row}.memory_id IN (${bobsMemory.id}::uuid, ${alicesMemory.id}::uuid) OR ${row}.response_id = ${bobsAnswer.id}::uuid)
             AND ${conversationFamilySql(alias, viewer)}
             AND ((${row}.memory_id IS NOT NULL AND ${memories}) OR (${row}.response_id IS NOT NULL AND ${answers}))`,
        z.strictObject({ id: z.string() }),
      );
      return rows.map(({ id }) => id).sort();
    };
    const sorted = (rows: { id: string }[]) => rows.map(({ id }) => id).sort();
    const noFamily = { ...(await viewerOf(carol)), family_id: null };
    let seen = 0;
    for (const viewer of [...(await Promise.all([alice, bob, carol, dave].map(viewerOf))), noFamily]) {
      const comments = sorted(await prisma.comment.findMany({ where: { AND: [ours, commentsOpenTo(viewer)] }, select: { id: true } }));
      const reactions = sorted(await prisma.reaction.findMany({ where: { AND: [ours, reactionsOpenTo(viewer)] }, select: { id: true } }));
      const followUps = sorted(await prisma.followUpQuestion.findMany({ where: { AND: [ours, followUpsOpenTo(viewer)] }, select: { id: true } }));
      expect(await sqlIds("comments", "c", viewer)).toEqual(comments);
      expect(await sqlIds("reactions", "x", viewer)).toEqual(reactions);
      expect(await sqlIds("follow_up_questions", "f", viewer)).toEqual(followUps);
      seen += comments.length + reactions.length + followUps.length;
    }
    // The readers between them see something; Carol's comment left behind on Bob's answer, nobody.
    expect(seen).toBeGreaterThan(0);
    const readers = await Promise.all([alice, bob, carol, dave].map(viewerOf));
    expect(await prisma.comment.count({ where: { id: said.carolOnAnswer } })).toBe(1);
    for (const viewer of readers) expect(await prisma.comment.count({ where: { AND: [{ id: said.carolOnAnswer }, commentsOpenTo(viewer)] } })).toBe(0);
  });
});
