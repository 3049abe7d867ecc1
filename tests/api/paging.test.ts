import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postComment } from "@/app/api/memories/[id]/comments/route";
import { GET as ownMemories } from "@/app/api/memories/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { pageSchema } from "@/lib/schemas/paging";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Every list takes the same ?limit=&cursor=: 20 items unless asked, at most 100, and the same
// refusals (docs/api.md, "Lists").

const LIMIT_RULE = "limit must be a whole number from 1 to 100.";
const CURSOR_RULE = "cursor must be an id from a previous page.";
const ITEMS = 21;

let owner: TestAccount;
let relative: TestAccount;
/** Items of each kind in another family's lists: never in the owner's. */
const elsewhere = { memories: "", responses: "", submissions: "", results: "", notifications: "" };

const lists = [
  { path: "/api/memories", handler: ownMemories, items: "memories" },
  { path: "/api/memories/shared", handler: sharedMemories, items: "memories" },
  { path: "/api/questionnaires/responses/shared", handler: sharedResponses, items: "responses" },
  { path: "/api/questionnaires/submissions/shared", handler: sharedSubmissions, items: "submissions" },
] as const;

beforeAll(async () => {
  let stranger: TestAccount;
  ({ owner, relative, stranger } = await createFamilies());
  const questionnaire = await createCustomQuestionnaire(owner, { allow_multiple_responses: true });
  for (let index = 0; index < ITEMS; index += 1) {
    const memory = await createMemoryAs(owner.token, {
      title: `Summer ${index}`,
      memory_date: `2000-01-${String(index + 1).padStart(2, "0")}`,
      is_shared: "true",
    });
    // Three comments by a relative: three entries in the owner's notifications.
    if (index < 3) {
      const commented = await call(postComment, `/api/memories/${memory.id}/comments`, {
        token: relative.token,
        params: { id: memory.id },
        body: { body: `Lovely summer ${index}` },
      });
      expect(commented.status).toBe(201);
    }
    const saved = await answer(owner, [{ question_id: questionnaire.questionIds[0]!, answer_text: `Everyone, year ${index}` }]);
    expect(saved.status).toBe(201);
    const id = saved.body.data.submission.id as string;
    const shared = await call(toggleSubmission, `/api/questionnaires/submissions/${id}/toggle-shared`, {
      method: "PATCH",
      token: owner.token,
      params: { id },
      body: { is_shared: true },
    });
    expect(shared.status).toBe(200);
  }

  // Another family's shared memory and answers, and one of its notifications.
  const strangersRelative = await createAccount({ familyId: stranger.user.family_id });
  const theirs = await createMemoryAs(stranger.token, { title: "Summer elsewhere", memory_date: "2000-02-01", is_shared: "true" });
  elsewhere.memories = elsewhere.results = theirs.id;
  const theirQuestionnaire = await createCustomQuestionnaire(stranger);
  const theirAnswers = await answer(stranger, [{ question_id: theirQuestionnaire.questionIds[0]!, answer_text: "Everyone, elsewhere" }]);
  const theirSubmission = theirAnswers.body.data.submission.id as string;
  await call(toggleSubmission, `/api/questionnaires/submissions/${theirSubmission}/toggle-shared`, {
    method: "PATCH",
    token: stranger.token,
    params: { id: theirSubmission },
    body: { is_shared: true },
  });
  elsewhere.submissions = theirSubmission;
  elsewhere.responses = theirAnswers.body.data.submission.responses[0].id as string;
  await call(postComment, `/api/memories/${theirs.id}/comments`, { token: strangersRelative.token, params: { id: theirs.id }, body: { body: "Lovely" } });
  const theirNotifications = await call(notificationsRoute, "/api/notifications", { token: stranger.token });
  elsewhere.notifications = theirNotifications.body.data.notifications[0].id as string;
}, 120_000);

describe.each(lists)("GET $path", ({ path, handler, items }) => {
  it("answers 20 items when no limit is asked (an empty limit counts as none), and the cursor of the next page", async () => {
    for (const query of ["", "?limit="]) {
      const result = await call(handler, `${path}${query}`, { token: owner.token });
      expect(result.status, query).toBe(200);
      expect(result.body.data[items], query).toHaveLength(20);
      expect(result.body.data.next_cursor, query).toBe(result.body.data[items][19].id);
    }
  });

  it("answers up to 100 items when asked, and no cursor after the last page", async () => {
    const result = await call(handler, `${path}?limit=100`, { token: owner.token });
    expect(result.status).toBe(200);
    expect(result.body.data[items]).toHaveLength(ITEMS);
    expect(result.body.data.next_cursor).toBeNull();
  });

  it("refuses a limit that is not a whole number from 1 to 100, with one message on the field", async () => {
    for (const limit of ["0", "101", "1.5", "-3", "ten", "1e9"]) {
      const result = await call(handler, `${path}?limit=${limit}`, { token: owner.token });
      expect(result.status, limit).toBe(400);
      expect(result.body, limit).toEqual({ success: false, data: null, error: LIMIT_RULE, fieldErrors: { limit: [LIMIT_RULE] } });
    }
  });

  it("refuses a cursor that is not an id", async () => {
    const result = await call(handler, `${path}?cursor=page-2`, { token: owner.token });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ success: false, data: null, error: CURSOR_RULE, fieldErrors: { cursor: [CURSOR_RULE] } });
  });
});

describe("a cursor that is not in the list", () => {
  // One rule for every list (src/server/platform/db/keyset.ts): another family's item, or an id of nothing
  // (an item deleted since the page before), has nothing after it; the list never starts again.
  const everyList = [
    ...lists.map(({ path, handler, items }) => ({ path, handler, items })),
    { path: "/api/search?q=summer", handler: searchRoute, items: "results" },
    { path: "/api/notifications", handler: notificationsRoute, items: "notifications" },
  ] as const;

  it.each(everyList)("$path answers an empty last page", async ({ path, handler, items }) => {
    const joiner = path.includes("?") ? "&" : "?";
    const first = await call(handler, `${path}${joiner}limit=2`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.data[items]).toHaveLength(2);
    const next = await call(handler, `${path}${joiner}limit=2&cursor=${first.body.data.next_cursor}`, { token: owner.token });
    expect(next.body.data[items].length).toBeGreaterThan(0);
    for (const cursor of [elsewhere[items], randomUUID()]) {
      const result = await call(handler, `${path}${joiner}limit=2&cursor=${cursor}`, { token: owner.token });
      expect(result.status, cursor).toBe(200);
      expect(result.body.data[items], cursor).toEqual([]);
      expect(result.body.data.next_cursor, cursor).toBeNull();
    }
  });
});

describe("the paging schema", () => {
  it("takes exactly the whole numbers from 1 to 100 as a limit, however they are written in the query", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1000, max: 1000 }).map(String), fc.double().map(String), fc.string({ maxLength: 8 })), (limit) => {
        const result = pageSchema.safeParse({ limit });
        const number = limit === "" ? 20 : Number(limit);
        const expected = Number.isInteger(number) && number >= 1 && number <= 100;
        expect(result.success, JSON.stringify(limit)).toBe(expected);
        if (result.success) expect(result.data.limit).toBe(number);
        else expect(result.error.issues.map((issue) => issue.message)).toEqual([LIMIT_RULE]);
      }),
      { numRuns: 500 },
    );
  });
});
