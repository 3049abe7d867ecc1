import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE as deleteComment, PATCH as editComment } from "@/app/api/comments/[id]/route";
import { GET as summaries } from "@/app/api/conversations/route";
import { POST as commentOnMemory, GET as memoryComments } from "@/app/api/memories/[id]/comments/route";
import { PUT as reactMemory, DELETE as unreactMemory } from "@/app/api/memories/[id]/reactions/[kind]/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { GET as answerComments, POST as commentOnAnswer } from "@/app/api/questionnaires/responses/[id]/comments/route";
import { PUT as reactAnswer, DELETE as unreactAnswer } from "@/app/api/questionnaires/responses/[id]/reactions/[kind]/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { commentProblem } from "@/lib/conversations";
import {
  CANNOT_REMOVE_COMMENT,
  COMMENT_NOT_FOUND,
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  commentInputSchema,
  conversationSummaryQuerySchema,
  NOT_YOUR_COMMENT,
  reactionAccessibleName,
  SUMMARY_IDS_RULE,
  SUMMARY_TOO_MANY,
} from "@/lib/schemas/conversations";
import { controlCharacters } from "@/lib/schemas/text";
import { UNKNOWN_REACTION } from "@/server/conversations/conversation-routes";
import { summarizeConversations } from "@/server/conversations/conversation-summaries";
import { getDatabase, getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, type ApiResult } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Comments and reactions (docs/product.md §17, docs/decisions/026-comments-and-reactions.md):
// open exactly to those who may see the item, decided by the item's visibility at every request.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let cousin: TestAccount;

type Item = { type: "memory" | "answer"; id: string; owner: () => TestAccount };
const items: Record<"memory" | "answer", Item> = {} as never;

const base = (item: Item) => (item.type === "memory" ? `/api/memories/${item.id}` : `/api/questionnaires/responses/${item.id}`);
const notFoundText = (item: Item) => (item.type === "memory" ? "Memory not found" : "Answer not found");

function listComments(item: Item, account?: TestAccount, query = "") {
  return call(item.type === "memory" ? memoryComments : answerComments, `${base(item)}/comments${query}`, { token: account?.token, params: { id: item.id } });
}
function comment(item: Item, account: TestAccount | undefined, body: unknown) {
  return call(item.type === "memory" ? commentOnMemory : commentOnAnswer, `${base(item)}/comments`, {
    token: account?.token,
    params: { id: item.id },
    body: { body },
  });
}
function react(item: Item, account: TestAccount | undefined, kind: string, on = true) {
  const handler = item.type === "memory" ? (on ? reactMemory : unreactMemory) : on ? reactAnswer : unreactAnswer;
  return call(handler, `${base(item)}/reactions/${kind}`, { method: on ? "PUT" : "DELETE", token: account?.token, params: { id: item.id, kind } });
}
function share(item: Item, isShared: boolean) {
  return call(item.type === "memory" ? toggleMemory : toggleAnswer, `${base(item)}/toggle-shared`, {
    method: "PATCH",
    token: item.owner().token,
    params: { id: item.id },
    body: { is_shared: isShared },
  });
}
const edit = (id: string, account: TestAccount | undefined, body: unknown) =>
  call(editComment, `/api/comments/${id}`, { method: "PATCH", token: account?.token, params: { id }, body: { body } });
const remove = (id: string, account: TestAccount | undefined) =>
  call(deleteComment, `/api/comments/${id}`, { method: "DELETE", token: account?.token, params: { id } });
const bodies = (result: ApiResult) => (result.body.data.comments as { body: string }[]).map((entry) => entry.body);

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Olof", lastName: "Hughes" });
  const memory = await createMemoryAs(owner.token, { title: "The summer of the flood", is_shared: "true" });
  items.memory = { type: "memory", id: memory.id, owner: () => owner };
  const questionnaire = await createCustomQuestionnaire(owner);
  const saved = await answer(owner, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone from the village" }]);
  expect(saved.status).toBe(201);
  items.answer = { type: "answer", id: saved.body.data.submission.responses[0].id, owner: () => owner };
  expect((await share(items.answer, true)).status).toBe(200);
}, 60_000);

describe.each(["memory", "answer"] as const)("comments on a shared %s", (type) => {
  it("are written and read by the family, the author included, oldest first, as plain text", async () => {
    const item = items[type];
    const first = await comment(item, relative, "  I never knew that! <b>Tell</b> me more.  ");
    expect(first.status).toBe(201);
    expect(first.body.data.comment).toMatchObject({
      body: "I never knew that! <b>Tell</b> me more.",
      edited: false,
      author: { id: relative.user.id, first_name: "Tom", last_name: "Hughes" },
      can_edit: true,
      can_remove: true,
    });
    expect((await comment(item, owner, "It was a long summer.\nWe stayed with Aunt Ruth.")).status).toBe(201);

    const asAuthor = await listComments(item, owner);
    expect(asAuthor.status).toBe(200);
    expect(bodies(asAuthor).slice(-2)).toEqual(["I never knew that! <b>Tell</b> me more.", "It was a long summer.\nWe stayed with Aunt Ruth."]);
    // The author may remove any comment on their item, but edit only their own.
    const [theirs, own] = (asAuthor.body.data.comments as { can_edit: boolean; can_remove: boolean }[]).slice(-2);
    expect(theirs).toMatchObject({ can_edit: false, can_remove: true });
    expect(own).toMatchObject({ can_edit: true, can_remove: true });

    const asCousin = await listComments(item, cousin);
    expect(bodies(asCousin).slice(-2)).toEqual(bodies(asAuthor).slice(-2));
    expect((asCousin.body.data.comments as { can_edit: boolean; can_remove: boolean }[]).slice(-2)).toEqual([
      expect.objectContaining({ can_edit: false, can_remove: false }),
      expect.objectContaining({ can_edit: false, can_remove: false }),
    ]);
  });

  it("are closed to another family and to the anonymous, with the item's own 404 and 401", async () => {
    const item = items[type];
    for (const attempt of [await listComments(item, stranger), await comment(item, stranger, "Hello"), await react(item, stranger, "love")]) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.error).toBe(notFoundText(item));
    }
    for (const attempt of [await listComments(item), await comment(item, undefined, "Hello"), await react(item, undefined, "love")]) {
      expect(attempt.status).toBe(401);
      expect(attempt.body.error).toBe("Please sign in to continue.");
    }
    const malformed = await listComments({ ...item, id: "not-an-id" }, owner);
    expect(malformed.status).toBe(404);
    expect(malformed.body.error).toBe(notFoundText(item));
  });

  it("are hidden with the item when it is made private, for its author too, and come back when it is shared again", async () => {
    const item = items[type];
    const posted = await comment(item, cousin, "Was Grandpa there?");
    const id = posted.body.data.comment.id as string;
    const regretted = (await comment(item, relative, "Grandpa was late again")).body.data.comment.id as string;
    expect((await react(item, cousin, "wow")).status).toBe(200);
    expect((await share(item, false)).status).toBe(200);
    try {
      for (const account of [owner, relative, cousin]) {
        const list = await listComments(item, account);
        expect(list.status).toBe(404);
        expect(list.body.error).toBe(notFoundText(item));
        const posting = await comment(item, account, "Anyone?");
        expect(posting.status).toBe(404);
      }
      // The item's author removes only what they can see…
      for (const attempt of [await remove(id, owner), await edit(id, relative, "Changed")]) {
        expect(attempt.status).toBe(404);
        expect(attempt.body.error).toBe(COMMENT_NOT_FOUND);
      }
      // …while what a person wrote stays theirs to change or take back (decision 037).
      expect((await edit(id, cousin, "Was Grandpa there too?")).status).toBe(200);
      expect((await remove(regretted, relative)).status).toBe(200);
      const summary = await call(summaries, `/api/conversations?${type}=${item.id}`, { token: owner.token });
      expect(summary.body.data.summaries).toEqual([]);
    } finally {
      expect((await share(item, true)).status).toBe(200);
    }
    const back = await listComments(item, relative);
    expect(bodies(back)).toContain("Was Grandpa there too?");
    expect(bodies(back)).not.toContain("Grandpa was late again");
    expect((await react(item, cousin, "wow", false)).status).toBe(200);
  });

  it("are edited by their writer alone and removed by the writer or the item's author", async () => {
    const item = items[type];
    const mine = (await comment(item, relative, "First draft")).body.data.comment.id as string;

    for (const other of [owner, cousin]) {
      const refused = await edit(mine, other, "Not yours");
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(NOT_YOUR_COMMENT);
    }
    const strangers = await edit(mine, stranger, "Not yours");
    expect(strangers.status).toBe(404);
    expect(strangers.body.error).toBe(COMMENT_NOT_FOUND);
    expect((await edit(mine, undefined, "Not yours")).status).toBe(401);

    const edited = await edit(mine, relative, "Second draft");
    expect(edited.status).toBe(200);
    expect(edited.body.data.comment).toMatchObject({ body: "Second draft", edited: true });

    const byCousin = await remove(mine, cousin);
    expect(byCousin.status).toBe(403);
    expect(byCousin.body.error).toBe(CANNOT_REMOVE_COMMENT);
    expect((await remove(mine, stranger)).status).toBe(404);
    expect((await remove(mine, relative)).status).toBe(200);
    expect((await remove(mine, relative)).body.error).toBe(COMMENT_NOT_FOUND);

    const another = (await comment(item, cousin, "Lovely")).body.data.comment.id as string;
    const byAuthor = await remove(another, owner);
    expect(byAuthor.status).toBe(200);
    expect(bodies(await listComments(item, cousin))).not.toContain("Lovely");
  });

  it("hold at most 2,000 characters of plain text, and at least one", async () => {
    const item = items[type];
    expect((await comment(item, relative, "é".repeat(2_000))).status).toBe(201);
    const long = await comment(item, relative, "a".repeat(2_001));
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.body).toEqual([COMMENT_TOO_LONG]);
    expect(COMMENT_TOO_LONG).toBe("A comment can be at most 2,000 characters");
    for (const empty of ["", "   \n "]) {
      const refused = await comment(item, relative, empty);
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors?.body).toEqual([COMMENT_REQUIRED]);
    }
    const hidden = await comment(item, relative, "Hi\u0000there");
    expect(hidden.status).toBe(400);
    expect(hidden.body.fieldErrors?.body).toEqual([controlCharacters("The comment")]);
    expect((await comment(item, relative, 42)).status).toBe(400);
  });
});

describe("a member who leaves the family", () => {
  it("takes their shared answers' conversations along, as the answers themselves (decision 004)", async () => {
    const leaver = await createAccount({ familyId: owner.user.family_id, firstName: "Edith", lastName: "Hughes" });
    const questionnaire = await createCustomQuestionnaire(leaver);
    const saved = await answer(leaver, [{ question_id: questionnaire.questionIds[0]!, answer_text: "The old mill" }]);
    const item: Item = { type: "answer", id: saved.body.data.submission.responses[0].id, owner: () => leaver };
    expect((await share(item, true)).status).toBe(200);
    expect((await comment(item, relative, "I remember the mill!")).status).toBe(201);
    expect((await react(item, cousin, "love")).status).toBe(200);

    const prisma = await getDb();
    await prisma.user.update({ where: { id: leaver.user.id }, data: { family_id: null } });
    for (const account of [owner, relative, cousin]) {
      const list = await listComments(item, account);
      expect(list.status).toBe(404);
      expect(list.body.error).toBe("Answer not found");
      expect((await react(item, account, "wow")).status).toBe(404);
    }
    const summary = await call(summaries, `/api/conversations?answer=${item.id}`, { token: relative.token });
    expect(summary.body.data.summaries).toEqual([]);
  });
});

describe("reactions", () => {
  it("are one of each kind per person, counted with who reacted, the caller's own marked", async () => {
    const item = items.memory;
    expect((await react(item, relative, "love")).status).toBe(200);
    expect((await react(item, relative, "love")).status).toBe(200);
    await react(item, cousin, "love");
    const mine = await react(item, owner, "love");
    expect(mine.status).toBe(200);
    const love = mine.body.data.summary.reactions.find((reaction: { kind: string }) => reaction.kind === "love");
    expect(love).toEqual({
      kind: "love",
      count: 3,
      mine: true,
      people: [relative, cousin, owner].map((account) => ({ id: account.user.id, first_name: account.user.first_name, last_name: account.user.last_name })),
    });
    expect(mine.body.data.summary.reactions.map((reaction: { kind: string }) => reaction.kind)).toEqual(["love", "laugh", "wow", "thanks", "applause"]);

    const taken = await react(item, owner, "love", false);
    expect(taken.body.data.summary.reactions[0]).toMatchObject({ count: 2, mine: false });
    // Taking back what is not there changes nothing.
    expect((await react(item, owner, "love", false)).body.data.summary.reactions[0]).toMatchObject({ count: 2 });
    for (const kind of ["love", "applause"]) await react(item, relative, kind, false);
    await react(item, cousin, "love", false);
  });

  it("refuse a kind that is not one of the five", async () => {
    for (const kind of ["angry", "LOVE", "", "love "]) {
      const refused = await react(items.answer, relative, kind);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(UNKNOWN_REACTION);
    }
  });

  it("count once however many taps arrive at once, and settle where the last one left them", async () => {
    const item = items.answer;
    const taps = await Promise.all(Array.from({ length: 8 }, () => react(item, relative, "thanks")));
    expect(taps.map((tap) => tap.status)).toEqual(Array(8).fill(200));
    const prisma = await getDb();
    expect(await prisma.reaction.count({ where: { response_id: item.id, user_id: relative.user.id, kind: "thanks" } })).toBe(1);

    const crossed = await Promise.all([
      react(item, relative, "thanks", false),
      react(item, relative, "thanks", false),
      react(item, cousin, "thanks"),
      react(item, owner, "thanks"),
    ]);
    expect(crossed.map((tap) => tap.status)).toEqual([200, 200, 200, 200]);
    const rows = await prisma.reaction.findMany({ where: { response_id: item.id, kind: "thanks" }, select: { user_id: true } });
    expect(rows.map((row) => row.user_id).sort()).toEqual([cousin.user.id, owner.user.id].sort());
    await react(item, cousin, "thanks", false);
    await react(item, owner, "thanks", false);
  });

  it("read as a screen reader should say them", () => {
    expect(reactionAccessibleName("love", ["Margaret", "Olof"], true)).toBe("Love, 3: Margaret, Olof and you");
    expect(reactionAccessibleName("laugh", ["Margaret"], false)).toBe("Laughter, 1: Margaret");
    expect(reactionAccessibleName("wow", [], true)).toBe("Surprise, 1: you");
    expect(reactionAccessibleName("thanks", ["Margaret", "Olof", "Tom"], false)).toBe("Thanks, 3: Margaret, Olof and Tom");
    expect(reactionAccessibleName("applause", [], false)).toBe("Applause, 0");
  });
});

describe("the summaries of a feed page", () => {
  it("answer counts and reactions of the items the caller may see, in the order asked, and leave out the rest", async () => {
    const strangers = await createMemoryAs(stranger.token, { is_shared: "true" });
    const ownPrivate = await createMemoryAs(owner.token, { title: "Private" });
    await react(items.answer, cousin, "laugh");
    const query = `answer=${items.answer.id}&memory=${strangers.id}&memory=${items.memory.id}&memory=${ownPrivate.id}&memory=${items.memory.id}`;
    const result = await call(summaries, `/api/conversations?${query}`, { token: owner.token });
    expect(result.status).toBe(200);
    const memoryComments = (await listComments(items.memory, owner, "?limit=100")).body.data.comments.length;
    const answerComments = (await listComments(items.answer, owner, "?limit=100")).body.data.comments.length;
    expect(
      result.body.data.summaries.map((summary: { item_type: string; item_id: string; comment_count: number }) => [
        summary.item_type,
        summary.item_id,
        summary.comment_count,
      ]),
    ).toEqual([
      ["memory", items.memory.id, memoryComments],
      ["answer", items.answer.id, answerComments],
    ]);
    expect(result.body.data.summaries[1].reactions[1]).toMatchObject({ kind: "laugh", count: 1, mine: false });
    await react(items.answer, cousin, "laugh", false);

    const asStranger = await call(summaries, `/api/conversations?${query}`, { token: stranger.token });
    expect(asStranger.body.data.summaries.map((summary: { item_id: string }) => summary.item_id)).toEqual([strangers.id]);
    expect((await call(summaries, `/api/conversations?${query}`)).status).toBe(401);
  });

  it("read any number of items in one statement, and nothing through Prisma (no query per item)", async () => {
    const memories = await Promise.all(
      Array.from({ length: 12 }, (_, index) => createMemoryAs(relative.token, { title: `Page item ${index}`, is_shared: "true" })),
    );
    await Promise.all(memories.slice(0, 6).map((memory) => comment({ type: "memory", id: memory.id, owner: () => relative }, cousin, "Lovely")));
    await Promise.all(memories.map((memory) => react({ type: "memory", id: memory.id, owner: () => relative }, owner, "love")));
    const database = await getDatabase();
    const statements = vi.spyOn(database, "query");
    const prisma = await getDb();
    const prismaQueries = vi.spyOn(prisma, "$queryRawUnsafe");
    try {
      const asked = [...memories.map((memory) => ({ type: "memory" as const, id: memory.id })), { type: "answer" as const, id: items.answer.id }];
      const result = await summarizeConversations({ viewer: { id: owner.user.id, family_id: owner.user.family_id }, items: asked });
      expect(result).toHaveLength(13);
      expect(result.slice(0, 12).map((summary) => summary.comment_count)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
      expect(result.slice(0, 12).every((summary) => summary.reactions[0]!.mine && summary.reactions[0]!.count === 1)).toBe(true);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(prismaQueries).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
      prismaQueries.mockRestore();
    }
  });

  it("refuse ids that are not ids, and more than 200 items", async () => {
    const bad = await call(summaries, "/api/conversations?memory=1", { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.["memory.0"]).toEqual([SUMMARY_IDS_RULE]);
    const many = Array.from({ length: 201 }, () => `answer=${crypto.randomUUID()}`).join("&");
    const tooMany = await call(summaries, `/api/conversations?${many}`, { token: owner.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(SUMMARY_TOO_MANY);
  });
});

describe("the parsers of what a comment and a summary query may hold", () => {
  it("accept any plain text of 1 to 2,000 characters after trimming, and nothing else; the form agrees", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2_100 }), (text) => {
        const parsed = commentInputSchema.safeParse({ body: text });
        const trimmed = text.trim();
        const plain = !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u.test(trimmed);
        expect(parsed.success).toBe(trimmed.length >= 1 && trimmed.length <= 2_000 && plain);
        if (parsed.success) expect(parsed.data.body).toBe(trimmed);
        // The form's check, without zod, says the same and with the same first message.
        expect(commentProblem(text)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
      }),
    );
  });

  it("take only ids, repeated or alone, at most 200 in all", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 5 }), fc.array(fc.uuid(), { maxLength: 3 }), (memory, answers) => {
        const parsed = conversationSummaryQuerySchema.safeParse({ memory, answer: answers });
        const allIds = memory.every((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value));
        expect(parsed.success).toBe(allIds);
      }),
    );
  });
});
