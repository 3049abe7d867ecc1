import { beforeAll, describe, expect, it } from "vitest";
import { GET as onThisDay, POST as postOnThisDay } from "@/app/api/memories/on-this-day/route";
import { DATE_INVALID } from "@/lib/schemas/memories";
import { ON_THIS_DAY_LIMIT } from "@/lib/schemas/on-this-day";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, type ApiResult } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";

// The dashboard's "On this day" (docs/product.md): memories from the viewer's today in earlier
// years, by the one visibility rule — their own, and what their family shared.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

const write = (account: TestAccount, title: string, memory_date: string, shared = false) =>
  createMemoryAs(account.token, { title, memory_date, ...(shared ? { is_shared: "true" } : {}) });

const onDate = (account: TestAccount, date: string) => call(onThisDay, `/api/memories/on-this-day?date=${date}`, { token: account.token });
const titles = (result: ApiResult) => {
  expect(result.status).toBe(200);
  return (result.body.data.memories as { title: string }[]).map((memory) => memory.title);
};

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  await createMemoryAs(owner.token, { title: "Owner's private June", memory_date: "2020-06-15" }, [{ name: "lake.jpg", bytes: await jpeg() }]);
  await write(relative, "Relative's shared June", "2010-06-15", true);
  await write(relative, "Relative's private June", "2015-06-15");
  await write(stranger, "Stranger's shared June", "2012-06-15", true);
  await write(owner, "Owner's June this year", "2026-06-15", true);
  await write(owner, "Owner's next day", "2019-06-16", true);
  await write(owner, "Leap day", "2020-02-29");
  await write(owner, "Plain 28 February", "2021-02-28");
  await write(owner, "New Year's Eve", "2019-12-31");
  await write(owner, "New Year's Day", "2020-01-01");
}, 60_000);

describe("GET /api/memories/on-this-day", () => {
  it("shows the viewer's own memories, private ones too, and the family's shared ones, newest year first", async () => {
    const result = await onDate(owner, "2026-06-15");
    expect(titles(result)).toEqual(["Owner's private June", "Relative's shared June"]);
    const [own] = result.body.data.memories as { profiles: { first_name: string }; memory_photos: { thumbnail_url: string }[] }[];
    expect(own!.profiles.first_name).toBe(owner.user.first_name);
    expect(own!.memory_photos).toHaveLength(1);
    expect(own!.memory_photos[0]!.thumbnail_url).toContain("thumbnail");
  });

  it("never shows a relative's private memory, another family's memory, or this year's", async () => {
    expect(titles(await onDate(relative, "2026-06-15"))).toEqual(["Relative's private June", "Relative's shared June"]);
    expect(titles(await onDate(stranger, "2026-06-15"))).toEqual(["Stranger's shared June"]);
  });

  it("shows 29 February on 28 February of a year without a 29th, and only then", async () => {
    expect(titles(await onDate(owner, "2025-02-28"))).toEqual(["Plain 28 February", "Leap day"]);
    expect(titles(await onDate(owner, "2028-02-28"))).toEqual(["Plain 28 February"]);
    expect(titles(await onDate(owner, "2028-02-29"))).toEqual(["Leap day"]);
    expect(titles(await onDate(owner, "2025-03-01"))).toEqual([]);
  });

  it("keeps 31 December and 1 January apart, and leaves out a memory of today's own year", async () => {
    expect(titles(await onDate(owner, "2020-12-31"))).toEqual(["New Year's Eve"]);
    expect(titles(await onDate(owner, "2021-01-01"))).toEqual(["New Year's Day"]);
    expect(titles(await onDate(owner, "2020-01-01"))).toEqual([]);
  });

  it(`shows at most ${ON_THIS_DAY_LIMIT}, the newest years`, async () => {
    const writer = await createAccount();
    for (let year = 2000; year < 2000 + ON_THIS_DAY_LIMIT + 2; year++) await write(writer, `Birthday ${year}`, `${year}-09-09`);
    const shown = titles(await onDate(writer, "2025-09-09"));
    expect(shown).toHaveLength(ON_THIS_DAY_LIMIT);
    expect(shown[0]).toBe(`Birthday ${2000 + ON_THIS_DAY_LIMIT + 1}`);
  }, 60_000);

  it("refuses a date that is not a real date", async () => {
    for (const date of ["2025-02-29", "2025-13-01", "yesterday"]) {
      const result = await onDate(owner, date);
      expect(result.status, date).toBe(400);
      expect(result.body).toEqual({ success: false, data: null, error: DATE_INVALID, fieldErrors: { date: [DATE_INVALID] } });
    }
  });

  it("answers 401 to an anonymous visitor, and 405 to other methods", async () => {
    expect((await call(onThisDay, "/api/memories/on-this-day?date=2026-06-15")).status).toBe(401);
    expect((await call(postOnThisDay, "/api/memories/on-this-day", { method: "POST", token: owner.token })).status).toBe(405);
  });
});
