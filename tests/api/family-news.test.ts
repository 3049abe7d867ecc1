import { beforeAll, describe, expect, it } from "vitest";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { PATCH as toggleMemoryShared } from "@/app/api/memories/[id]/toggle-shared/route";
import { PATCH as toggleAnswerShared } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { readFamilyNews } from "@/server/family/dashboard/family-news";
import { FORMER_MEMBER } from "@/server/family/members/former-member";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamiliesWithCousin, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// "New from your family" on the dashboard (docs/product.md §2): the latest stories and answers
// relatives shared, with a photo and who wrote them, what is new since the last look, and only
// what the reader may see.

let owner: TestAccount, relative: TestAccount, cousin: TestAccount, stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, cousin, stranger } = await createFamiliesWithCousin());
});

const news = async (account: TestAccount, markSeen = true) => (await readFamilyNews({ viewer: account.user, markSeen })).items;
const share = (account: TestAccount, memoryId: string) =>
  call(toggleMemoryShared, `/api/memories/${memoryId}/toggle-shared`, {
    method: "PATCH",
    token: account.token,
    params: { id: memoryId },
    body: { is_shared: true },
  });

describe("New from your family", () => {
  it("shows a relative's shared story with its photo, author and opening lines, and a shared answer, newest first", async () => {
    const reader = await createAccount({ familyId: owner.user.family_id, firstName: "Olivia" });
    const story = await createMemoryAs(relative.token, { title: "Málaga, 1974", content: "We took the night train south. ".repeat(12), is_shared: "true" }, [
      { name: "beach.jpg", bytes: await jpeg() },
    ]);
    const questionnaire = await createCustomQuestionnaire(cousin, { title: "Summers" });
    const saved = await answer(cousin, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone from the village came along." }]);
    const answerId = saved.body.data.submission.responses[0].id as string;
    await call(toggleAnswerShared, `/api/questionnaires/responses/${answerId}/toggle-shared`, {
      method: "PATCH",
      token: cousin.token,
      params: { id: answerId },
      body: { is_shared: true },
    });

    const items = await news(reader);
    expect(items.map((item) => [item.kind, item.id])).toEqual([
      ["answer", answerId],
      ["memory", story.id],
    ]);
    const memory = items[1]!;
    expect(memory).toMatchObject({
      title: "Málaga, 1974",
      author: { first_name: "Tom", last_name: "Hughes" },
      is_new: true,
      href: `/family-book?member=${relative.user.id}#memory-${story.id}`,
    });
    expect(memory.excerpt.startsWith("We took the night train south.")).toBe(true);
    expect(memory.excerpt.endsWith("…")).toBe(true);
    expect(memory.excerpt.length).toBeLessThanOrEqual(180);
    expect(memory.thumbnail_url).toMatch(/^\/api\/storage\/|^https?:\/\//);
    expect(items[0]).toMatchObject({
      title: "Who came along?",
      excerpt: "Everyone from the village came along.",
      author: { first_name: "Ruth" },
      thumbnail_url: null,
    });
  });

  it("says what is new since the last look, and nothing more", async () => {
    const reader = await createAccount({ familyId: owner.user.family_id, firstName: "Petra" });
    const first = await createMemoryAs(relative.token, { title: "The first letter", is_shared: "true" });
    expect((await news(reader)).find((item) => item.id === first.id)?.is_new).toBe(true);
    // Looked at: no longer new.
    expect((await news(reader)).find((item) => item.id === first.id)?.is_new).toBe(false);
    // Written earlier, shared now: new.
    const later = await createMemoryAs(relative.token, { title: "A letter kept back", is_shared: "false" });
    expect((await share(relative, later.id)).status).toBe(200);
    const items = await news(reader, false);
    expect(items.find((item) => item.id === later.id)?.is_new).toBe(true);
    expect(items.find((item) => item.id === first.id)?.is_new).toBe(false);
  });

  it("leaves out the reader's own stories, private ones and another family's", async () => {
    const own = await createMemoryAs(owner.token, { title: "Margaret's own", is_shared: "true" });
    const kept = await createMemoryAs(relative.token, { title: "Tom's private diary", is_shared: "false" });
    const theirs = await createMemoryAs(stranger.token, { title: "Another family's picnic", is_shared: "true" });
    const ids = (await news(owner)).map((item) => item.id);
    expect(ids).not.toContain(own.id);
    expect(ids).not.toContain(kept.id);
    expect(ids).not.toContain(theirs.id);
    expect((await news(stranger)).map((item) => item.id)).not.toContain(kept.id);
  });

  it("keeps a story a former member left to the family, under the name they left", async () => {
    const leaving = await createAccount({ familyId: owner.user.family_id, firstName: "Walter" });
    const story = await createMemoryAs(leaving.token, { title: "Walter's workshop", is_shared: "true" });
    expect(
      (await call(deleteAccountRoute, "/api/account/delete", { token: leaving.token, body: { keep: "shared_as_former_member", password: leaving.password } }))
        .status,
    ).toBe(200);
    const item = (await news(owner, false)).find((entry) => entry.id === story.id);
    expect(item?.author).toEqual({ first_name: FORMER_MEMBER, last_name: "" });
    expect(await (await getDb()).memory.count({ where: { id: story.id } })).toBe(1);
  });

  it("shows nothing to someone in no family", async () => {
    expect(await readFamilyNews({ viewer: { ...owner.user, family_id: null }, markSeen: false })).toEqual({ items: [] });
  });
});
