import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as ownMemories } from "@/app/api/memories/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { pageSchema } from "@/lib/schemas/paging";
import { call } from "../helpers/api";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Every list takes the same ?limit=&cursor=: 20 items unless asked, at most 100, and the same
// refusals (docs/api.md, "Lists").

const LIMIT_RULE = "limit must be a whole number from 1 to 100.";
const CURSOR_RULE = "cursor must be an id from a previous page.";
const ITEMS = 21;

let owner: TestAccount;

const lists = [
  { path: "/api/memories", handler: ownMemories, items: "memories" },
  { path: "/api/memories/shared", handler: sharedMemories, items: "memories" },
  { path: "/api/questionnaires/responses/shared", handler: sharedResponses, items: "responses" },
  { path: "/api/questionnaires/submissions/shared", handler: sharedSubmissions, items: "submissions" },
] as const;

beforeAll(async () => {
  ({ owner } = await createFamilies());
  const questionnaire = await createCustomQuestionnaire(owner, { allow_multiple_responses: true });
  for (let index = 0; index < ITEMS; index += 1) {
    await createMemoryAs(owner.token, { title: `Summer ${index}`, memory_date: `2000-01-${String(index + 1).padStart(2, "0")}`, is_shared: "true" });
    const saved = await answer(owner, [{ question_id: questionnaire.questionIds[0]!, answer_text: `Everyone, year ${index}` }]);
    expect(saved.status).toBe(201);
    const id = saved.body.data.submission.id as string;
    const shared = await call(toggleSubmission, `/api/questionnaires/submissions/${id}/toggle-shared`, { method: "PATCH", token: owner.token, params: { id }, body: { is_shared: true } });
    expect(shared.status).toBe(200);
  }
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
