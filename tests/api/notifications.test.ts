import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DELETE as removeMember } from "@/app/api/family/members/[id]/route";
import { POST as commentOnMemory } from "@/app/api/memories/[id]/comments/route";
import { PUT as reactMemory, DELETE as unreactMemory } from "@/app/api/memories/[id]/reactions/[kind]/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { GET as preferencesGet, PUT as preferencesPut } from "@/app/api/notification-preferences/route";
import { GET as readGet, POST as readRoute } from "@/app/api/notifications/read/route";
import { DELETE as listDelete, GET as listRoute } from "@/app/api/notifications/route";
import { GET as unreadRoute } from "@/app/api/notifications/unread-count/route";
import { POST as commentOnAnswer } from "@/app/api/questionnaires/responses/[id]/comments/route";
import { PUT as reactAnswer } from "@/app/api/questionnaires/responses/[id]/reactions/[kind]/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { actorsPhrase, notificationSentence } from "@/lib/notifications";
import { MARK_READ_RULE, markReadSchema, notificationPreferencesChangeSchema } from "@/lib/schemas/notifications";
import { readEmailPreferences } from "@/server/accounts/email-preferences/read-email-preferences";
import { notifyFollowUpQuestion } from "@/server/news/notifications/record";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Notifications (docs/product.md §21, docs/decisions/029-notifications.md): recorded where things
// happen, never for one's own action, shown only while the item is open to the recipient and the
// actor is in their family, reactions grouped, and each person's own alone.

type Entry = {
  id: string;
  kind: string;
  text: string;
  read: boolean;
  href: string;
  comment_id: string | null;
  actor_count: number;
  item: { type: string; id: string; title: string } | null;
};

const list = async (account: TestAccount | undefined, query = "") => call(listRoute, `/api/notifications${query}`, { token: account?.token });
const entries = async (account: TestAccount, query = "") => {
  const result = await list(account, query);
  expect(result.status).toBe(200);
  return result.body.data.notifications as Entry[];
};
const texts = async (account: TestAccount) => (await entries(account)).map((entry) => entry.text);
const unread = async (account: TestAccount) =>
  (await call(unreadRoute, "/api/notifications/unread-count", { token: account.token })).body.data.unread_count as number;
const markRead = (account: TestAccount | undefined, body: unknown) => call(readRoute, "/api/notifications/read", { token: account?.token, body });
const comment = (account: TestAccount, memoryId: string, body: string) =>
  call(commentOnMemory, `/api/memories/${memoryId}/comments`, { token: account.token, params: { id: memoryId }, body: { body } });
const react = (account: TestAccount, memoryId: string, kind: string, on = true) =>
  call(on ? reactMemory : unreactMemory, `/api/memories/${memoryId}/reactions/${kind}`, {
    method: on ? "PUT" : "DELETE",
    token: account.token,
    params: { id: memoryId, kind },
  });
const shareMemory = (account: TestAccount, memoryId: string, is_shared: boolean) =>
  call(toggleMemory, `/api/memories/${memoryId}/toggle-shared`, { method: "PATCH", token: account.token, params: { id: memoryId }, body: { is_shared } });

/** A fresh family for one case: the author, and relatives named as given. */
async function family(...names: string[]) {
  const author = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
  const relatives = [];
  for (const name of names) relatives.push(await createAccount({ familyId: author.user.family_id, firstName: name, lastName: "Hughes" }));
  // Everyone starts with an empty list: the arrivals are told of in their own case.
  await (
    await getDb()
  ).notification.deleteMany({ where: { kind: "member_joined", recipient_id: { in: [author, ...relatives].map((account) => account.user.id) } } });
  const memory = await createMemoryAs(author.token, { title: "Summer at the lake", is_shared: "true" });
  return { author, relatives, memory };
}

let stranger: TestAccount;
beforeAll(async () => {
  ({ stranger } = await createFamilies());
}, 60_000);

describe("who may read and change notifications", () => {
  it("answers 401 to the anonymous on every address, and 405 to another method", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await call(unreadRoute, "/api/notifications/unread-count")).status).toBe(401);
    expect((await markRead(undefined, { all: true })).status).toBe(401);
    expect((await call(preferencesGet, "/api/notification-preferences")).status).toBe(401);
    expect((await call(preferencesPut, "/api/notification-preferences", { method: "PUT", body: { comment: { in_app: false } } })).status).toBe(401);
    expect((await call(listDelete, "/api/notifications", { method: "DELETE", token: stranger.token })).status).toBe(405);
    expect((await call(readGet, "/api/notifications/read", { token: stranger.token })).status).toBe(405);
  });

  it("shows each person their own notifications only: not the actor's, not another family's", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    expect((await comment(tom!, memory.id, "What a day that was")).status).toBe(201);
    expect(await texts(author)).toEqual(["Tom Hughes commented on “Summer at the lake”"]);
    expect(await texts(tom!)).toEqual([]);
    expect(await texts(stranger)).toEqual([]);
    const [entry] = await entries(author);
    // It leads to the very comment, in the story.
    expect(entry).toMatchObject({ kind: "comment", read: false, item: { type: "memory", id: memory.id, title: "Summer at the lake" } });
    expect(entry!.href).toBe(`/family-book?member=${author.user.id}&comment=${entry!.comment_id}#memory-${memory.id}`);
    // Marking someone else's notification read changes nothing for them.
    expect((await markRead(stranger, { ids: [entry!.id] })).body.data).toEqual({ unread_count: 0 });
    expect((await markRead(tom!, { all: true })).status).toBe(200);
    expect(await unread(author)).toBe(1);
  });

  it("tells the author of nothing they did themselves", async () => {
    const { author, memory } = await family();
    await comment(author, memory.id, "Written down at last");
    await react(author, memory.id, "love");
    expect(await texts(author)).toEqual([]);
    expect(await (await getDb()).notification.count({ where: { actor_id: author.user.id } })).toBe(0);
  });

  it("refuses a mark-read body that is neither all nor ids, with the rule", async () => {
    for (const body of [
      {},
      { all: false },
      { ids: [] },
      { ids: ["nope"] },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
      { all: true, ids: [] },
    ]) {
      const result = await markRead(stranger, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
    expect((await markRead(stranger, {})).body.error).toBe(MARK_READ_RULE);
  });
});

describe("what is recorded", () => {
  it("tells earlier commenters of a reply, and the author of a comment (once, not as a reply)", async () => {
    const {
      author,
      relatives: [tom, olof],
      memory,
    } = await family("Tom", "Olof");
    await comment(tom!, memory.id, "I remember the boat");
    await comment(author, memory.id, "The red one!");
    await comment(olof!, memory.id, "And the storm");
    expect(await texts(tom!)).toEqual(["Olof Hughes replied on “Summer at the lake”", "Margaret Hughes replied on “Summer at the lake”"]);
    expect(await texts(author)).toEqual(["Olof Hughes commented on “Summer at the lake”", "Tom Hughes commented on “Summer at the lake”"]);
    expect(await texts(olof!)).toEqual([]);
  });

  it("groups reactions of one kind on one item, and takes one back with its reaction", async () => {
    const { author, relatives, memory } = await family("Tom", "Olof", "Ruth");
    const [tom, olof, ruth] = relatives as [TestAccount, TestAccount, TestAccount];
    await react(tom, memory.id, "love");
    expect(await texts(author)).toEqual(["Tom Hughes loved “Summer at the lake”"]);
    await react(olof, memory.id, "love");
    expect(await texts(author)).toEqual(["Olof Hughes and Tom Hughes loved “Summer at the lake”"]);
    await react(ruth, memory.id, "love");
    await react(ruth, memory.id, "wow");
    expect(await texts(author)).toEqual(["Ruth Hughes was surprised by “Summer at the lake”", "Ruth Hughes and 2 others loved “Summer at the lake”"]);
    expect(await unread(author)).toBe(2);
    await react(ruth, memory.id, "love", false);
    await react(ruth, memory.id, "wow", false);
    expect(await texts(author)).toEqual(["Olof Hughes and Tom Hughes loved “Summer at the lake”"]);
    // Marking the entry read marks the whole group.
    const [entry] = await entries(author);
    expect((await markRead(author, { ids: [entry!.id] })).body.data).toEqual({ unread_count: 0 });
    expect((await entries(author))[0]).toMatchObject({ read: true, actor_count: 2 });
  });

  it("makes one notification of a reaction tapped many times at once", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    const results = await Promise.all(Array.from({ length: 6 }, () => react(tom!, memory.id, "applause")));
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(200));
    expect(await (await getDb()).notification.count({ where: { recipient_id: author.user.id, kind: "reaction" } })).toBe(1);
    expect(await texts(author)).toEqual(["Tom Hughes applauded “Summer at the lake”"]);
  });

  it("tells the family when a relative joins, and not the newcomer", async () => {
    const { author } = await family();
    const anna = await createAccount({ familyId: author.user.family_id, firstName: "Anna", lastName: "Berg" });
    expect(await texts(author)).toEqual(["Anna Berg joined your family"]);
    expect((await entries(author))[0]!.href).toBe("/family-dashboard");
    expect(await texts(anna)).toEqual([]);
  });

  it("records a follow-up question once per follow-up, never to the asker", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    // Shown while the question is part of the family's conversation, like a comment (decision 037).
    const { id: followUpId } = await (
      await getDb()
    ).followUpQuestion.create({
      data: { memory_id: memory.id, family_id: author.user.family_id, asker_id: tom!.user.id, author_id: author.user.id, question: "Who was there?" },
    });
    expect(await notifyFollowUpQuestion({ askerId: tom!.user.id, authorId: author.user.id, item: { type: "memory", id: memory.id }, followUpId })).toBe(1);
    expect(await notifyFollowUpQuestion({ askerId: tom!.user.id, authorId: author.user.id, item: { type: "memory", id: memory.id }, followUpId })).toBe(0);
    expect(await notifyFollowUpQuestion({ askerId: author.user.id, authorId: author.user.id, item: { type: "memory", id: memory.id } })).toBe(0);
    expect(await texts(author)).toEqual(["Tom Hughes asked you to tell more about “Summer at the lake”"]);
    // It leads to the question among the author's waiting ones, where it is answered.
    expect((await entries(author))[0]).toMatchObject({ kind: "follow_up", follow_up_id: followUpId, href: `/follow-ups#follow-up-${followUpId}` });
  });

  it("tells the author of an answer, which links to the answers tab", async () => {
    const {
      author,
      relatives: [tom],
    } = await family("Tom");
    const questionnaire = await createCustomQuestionnaire(author);
    const saved = await answer(author, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone from the village" }]);
    const answerId = saved.body.data.submission.responses[0].id as string;
    await call(toggleAnswer, `/api/questionnaires/responses/${answerId}/toggle-shared`, {
      method: "PATCH",
      token: author.token,
      params: { id: answerId },
      body: { is_shared: true },
    });
    await call(commentOnAnswer, `/api/questionnaires/responses/${answerId}/comments`, {
      token: tom!.token,
      params: { id: answerId },
      body: { body: "Me too" },
    });
    await call(reactAnswer, `/api/questionnaires/responses/${answerId}/reactions/thanks`, {
      method: "PUT",
      token: tom!.token,
      params: { id: answerId, kind: "thanks" },
    });
    const shown = await entries(author);
    expect(shown.map((entry) => entry.kind)).toEqual(["reaction", "comment"]);
    expect(shown[0]!.text).toMatch(/^Tom Hughes said thanks for “/);
    expect(shown[1]!.href).toBe(`/family-book?tab=responses&member=${author.user.id}&comment=${shown[1]!.comment_id}#answer-${answerId}`);
  });
});

describe("what is shown", () => {
  it("hides a notification while its item is private, and shows it again once shared", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    await comment(tom!, memory.id, "Lovely");
    expect(await unread(author)).toBe(1);
    await shareMemory(author, memory.id, false);
    expect(await texts(author)).toEqual([]);
    expect(await unread(author)).toBe(0);
    await shareMemory(author, memory.id, true);
    expect(await texts(author)).toEqual(["Tom Hughes commented on “Summer at the lake”"]);
  });

  it("hides what a removed member did, and shows a removed member nothing of the family", async () => {
    const {
      author,
      relatives: [tom, olof],
      memory,
    } = await family("Tom", "Olof");
    await comment(tom!, memory.id, "I was there");
    await comment(olof!, memory.id, "So was I");
    expect(await unread(tom!)).toBe(1);
    expect(
      (await call(removeMember, `/api/family/members/${olof!.user.id}`, { method: "DELETE", token: author.token, params: { id: olof!.user.id } })).status,
    ).toBe(200);
    expect(await texts(author)).toEqual(["Tom Hughes commented on “Summer at the lake”"]);
    expect(await texts(tom!)).toEqual([]);
    expect(await unread(tom!)).toBe(0);
    expect(
      (await call(removeMember, `/api/family/members/${tom!.user.id}`, { method: "DELETE", token: author.token, params: { id: tom!.user.id } })).status,
    ).toBe(200);
    expect(await texts(author)).toEqual([]);
  });

  it("hides what was said in the family an item has left, even when the one who said it joins the item's new family", async () => {
    const {
      author,
      relatives: [tom, olof],
    } = await family("Tom", "Olof");
    const boat = await createMemoryAs(tom!.token, { title: "Tom's boat", is_shared: "true" });
    await comment(olof!, boat.id, "I rowed it once");
    await react(olof!, boat.id, "love");
    expect(await texts(tom!)).toEqual(["Olof Hughes loved “Tom's boat”", "Olof Hughes commented on “Tom's boat”"]);
    expect(
      (await call(removeMember, `/api/family/members/${tom!.user.id}`, { method: "DELETE", token: author.token, params: { id: tom!.user.id } })).status,
    ).toBe(200);
    const prisma = await getDb();
    const toms = await prisma.user.findUniqueOrThrow({ where: { id: tom!.user.id }, select: { family_id: true } });
    await prisma.user.update({ where: { id: olof!.user.id }, data: { family_id: toms.family_id } });
    expect(await texts(tom!)).toEqual([]);
    expect(await unread(tom!)).toBe(0);
    // What Olof says in Tom's family now is told as ever.
    await comment(olof!, boat.id, "Still floating?");
    expect(await texts(tom!)).toEqual(["Olof Hughes commented on “Tom's boat”"]);
  });

  it("answers pages newest first, with the next page's cursor", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    for (const body of ["one", "two", "three"]) await comment(tom!, memory.id, body);
    const first = await list(author, "?limit=2");
    expect(first.body.data.notifications).toHaveLength(2);
    expect(first.body.data.unread_count).toBe(3);
    const second = await list(author, `?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.notifications).toHaveLength(1);
    expect(second.body.data.next_cursor).toBeNull();
    const ids = [...first.body.data.notifications, ...second.body.data.notifications].map((entry: Entry) => entry.id);
    expect(new Set(ids).size).toBe(3);
    expect((await list(author, "?limit=0")).status).toBe(400);
    expect((await list(author, "?cursor=nope")).status).toBe(400);
    expect((await markRead(author, { all: true })).body.data).toEqual({ unread_count: 0 });
  });
});

describe("preferences", () => {
  it("has every kind on, in the app and by email, until turned off", async () => {
    const { author } = await family();
    const result = await call(preferencesGet, "/api/notification-preferences", { token: author.token });
    const on = { in_app: true, email: true };
    expect(result.body.data.preferences).toEqual({
      comment: on,
      reply: on,
      reaction: on,
      follow_up: on,
      follow_up_answered: on,
      weekly_answer: on,
      member_joined: on,
    });
  });

  it("leaves a kind out of the list and the count while it is off in the app", async () => {
    const {
      author,
      relatives: [tom],
      memory,
    } = await family("Tom");
    await comment(tom!, memory.id, "Lovely");
    await react(tom!, memory.id, "laugh");
    const off = await call(preferencesPut, "/api/notification-preferences", { method: "PUT", token: author.token, body: { comment: { in_app: false } } });
    expect(off.status).toBe(200);
    expect(off.body.data.preferences.comment).toEqual({ in_app: false, email: true });
    expect(await texts(author)).toEqual(["Tom Hughes laughed at “Summer at the lake”"]);
    expect(await unread(author)).toBe(1);
    await call(preferencesPut, "/api/notification-preferences", { method: "PUT", token: author.token, body: { comment: { in_app: true } } });
    expect(await unread(author)).toBe(2);
  });

  it("makes the email switch of relatives joining the “New relatives” email's", async () => {
    const { author } = await family();
    const result = await call(preferencesPut, "/api/notification-preferences", {
      method: "PUT",
      token: author.token,
      body: { member_joined: { email: false } },
    });
    expect(result.body.data.preferences.member_joined).toEqual({ in_app: true, email: false });
    expect((await readEmailPreferences({ userId: author.user.id }))["relative-joined"]).toBe(false);
  });

  it("refuses unknown kinds and switches that are not true or false", async () => {
    const put = (body: unknown) => call(preferencesPut, "/api/notification-preferences", { method: "PUT", token: stranger.token, body });
    expect((await put({ likes: { in_app: false } })).body.error).toBe("There is no kind of notification called likes.");
    const notBoolean = await put({ comment: { email: "no" } });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.fieldErrors).toEqual({ "comment.email": ["email must be true or false"] });
    expect((await put({})).status).toBe(400);
  });
});

describe("the sentences", () => {
  it("names one, two, or the newest and how many others", () => {
    expect(actorsPhrase(["Olof"], 1)).toBe("Olof");
    expect(actorsPhrase(["Olof", "Tom"], 2)).toBe("Olof and Tom");
    expect(actorsPhrase(["Olof", "Tom", "Ruth"], 3)).toBe("Olof and 2 others");
    expect(
      notificationSentence({ kind: "reaction", actorNames: ["Olof", "Tom", "Ruth"], actorCount: 3, reaction: "love", itemTitle: "Summer at the lake" }),
    ).toBe("Olof and 2 others loved “Summer at the lake”");
  });
});

describe("the request bodies, fuzzed", () => {
  it("accepts a mark-read body only as all: true or 1–100 ids, and refuses anything else with a ZodError", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = markReadSchema.safeParse(value);
        if (!parsed.success) {
          expect(parsed.error).toBeInstanceOf(z.ZodError);
          return;
        }
        const ok = "all" in parsed.data ? parsed.data.all === true : parsed.data.ids.length >= 1 && parsed.data.ids.length <= 100;
        expect(ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("takes only known kinds and boolean switches in a preferences change", () => {
    const kinds = ["comment", "reply", "reaction", "follow_up", "member_joined"];
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...kinds), fc.string()), fc.jsonValue()), (value) => {
        const parsed = notificationPreferencesChangeSchema.safeParse(value);
        if (!parsed.success) return;
        for (const [kind, switches] of Object.entries(parsed.data)) {
          expect(kinds).toContain(kind);
          for (const on of Object.values(switches ?? {})) expect(typeof on).toBe("boolean");
        }
      }),
      { numRuns: 500 },
    );
  });
});
