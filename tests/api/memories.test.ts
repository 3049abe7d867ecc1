import { Client } from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE as deleteMemoryRoute, GET as getMemoryRoute, PUT as updateMemoryRoute } from "@/app/api/memories/[id]/route";
import { PATCH as toggleSharedRoute } from "@/app/api/memories/[id]/toggle-shared/route";
import { POST as createMemoryRoute, GET as listMemoriesRoute } from "@/app/api/memories/route";
import { GET as listSharedRoute } from "@/app/api/memories/shared/route";
import { POST as createUploadRoute } from "@/app/api/memories/uploads/route";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, jpeg, memoryForm } from "../helpers/memories";

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("POST /api/memories", () => {
  it("saves a memory with its tags and answers it in docs/product.md §3's shape", async () => {
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({ is_shared: "true", taggedUserIds: [relative.user.id] }),
    });

    expect(result.status).toBe(201);
    expect(result.body.data.memory).toEqual({
      id: expect.any(String),
      user_id: owner.user.id,
      title: "Picnic at the lake",
      content: "Grandpa caught a fish.",
      memory_date: "2020-07-14",
      is_shared: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      profiles: { first_name: "Margaret", last_name: "Hughes" },
      memory_photos: [],
      memory_tags: [{ id: expect.any(String), tagged_user_id: relative.user.id, profiles: { first_name: "Tom", last_name: "Hughes" } }],
      recording: null,
    });
  });

  it("keeps a memory private unless is_shared says otherwise", async () => {
    const memory = await createMemoryAs(owner.token);
    expect((memory as unknown as { is_shared: boolean }).is_shared).toBe(false);
  });

  it.each([
    ["title", { title: "" }, "Title is required"],
    ["title", { title: "   " }, "Title is required"],
    ["title", { title: undefined }, "Title is required"],
    ["memory_date", { memory_date: "" }, "Please select a date"],
    ["memory_date", { memory_date: undefined }, "Please select a date"],
    ["content", { content: "" }, "Memory content is required"],
    ["content", { content: undefined }, "Memory content is required"],
  ])("refuses a missing %s with the product's message (%j)", async (field, fields, message) => {
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm(fields) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(result.body.fieldErrors?.[field]).toContain(message);
  });

  it.each(["14/07/2020", "2021-02-29", "2020-13-01", "yesterday"])("refuses %s, which is not a real YYYY-MM-DD date", async (memory_date) => {
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ memory_date }) });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors?.memory_date).toEqual(["Please select a real date (YYYY-MM-DD)"]);
  });

  it("refuses a date after today", async () => {
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ memory_date: isoDay(3) }) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("The date of a memory cannot be in the future");
  });

  it("accepts today's date", async () => {
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ memory_date: isoDay(0) }) });
    expect(result.status).toBe(201);
  });

  it("refuses to tag the writer themself (400) and saves nothing", async () => {
    const before = await countMemories(owner);
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ taggedUserIds: [owner.user.id] }) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("You cannot tag yourself");
    expect(await countMemories(owner)).toBe(before);
  });

  it("refuses to tag someone of another family, or an id that is nobody (400)", async () => {
    for (const id of [stranger.user.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ taggedUserIds: [id] }) });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe("You can only tag members of your own family");
    }
  });

  it("refuses a body that is not a form", async () => {
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: { title: "x" } });
    expect(result.status).toBe(400);
  });

  it("answers 401 to an anonymous visitor", async () => {
    const result = await call(createMemoryRoute, "/api/memories", { body: memoryForm() });
    expect(result.status).toBe(401);
  });
});

describe("GET /api/memories", () => {
  it("lists only the viewer's own memories, newest memory_date first", async () => {
    const writer = await createAccount();
    await createMemoryAs(writer.token, { title: "Old", memory_date: "1990-01-01" });
    await createMemoryAs(writer.token, { title: "New", memory_date: "2022-05-05" });
    await createMemoryAs(writer.token, { title: "Middle", memory_date: "2005-03-03" });

    const result = await call(listMemoriesRoute, "/api/memories", { token: writer.token });
    expect(result.status).toBe(200);
    expect(result.body.data.memories.map((memory: { title: string }) => memory.title)).toEqual(["New", "Middle", "Old"]);
    expect(result.body.data.next_cursor).toBeNull();
  });

  it("pages with limit and cursor", async () => {
    const writer = await createAccount();
    for (const [index, date] of ["2001-01-01", "2002-01-01", "2003-01-01", "2004-01-01", "2005-01-01"].entries()) {
      await createMemoryAs(writer.token, { title: `Memory ${index}`, memory_date: date });
    }
    const first = await call(listMemoriesRoute, "/api/memories?limit=2", { token: writer.token });
    expect(first.body.data.memories.map((memory: { title: string }) => memory.title)).toEqual(["Memory 4", "Memory 3"]);
    const second = await call(listMemoriesRoute, `/api/memories?limit=2&cursor=${first.body.data.next_cursor}`, { token: writer.token });
    expect(second.body.data.memories.map((memory: { title: string }) => memory.title)).toEqual(["Memory 2", "Memory 1"]);
    const third = await call(listMemoriesRoute, `/api/memories?limit=2&cursor=${second.body.data.next_cursor}`, { token: writer.token });
    expect(third.body.data.memories.map((memory: { title: string }) => memory.title)).toEqual(["Memory 0"]);
    expect(third.body.data.next_cursor).toBeNull();
  });

  it("pages through memories of the same day without repeating or skipping one", async () => {
    const writer = await createAccount();
    for (let index = 0; index < 5; index += 1) await createMemoryAs(writer.token, { title: `Same day ${index}`, memory_date: "2010-06-01" });
    type Page = { memories: { title: string }[]; next_cursor: string | null };
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/memories?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page: Page = (await call<Page>(listMemoriesRoute, path, { token: writer.token })).body.data;
      seen.push(...page.memories.map((memory) => memory.title));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["Same day 4", "Same day 3", "Same day 2", "Same day 1", "Same day 0"]);
  });

  it("has nothing after a cursor that names a memory outside the list (another family's), and tells nothing of it", async () => {
    const writer = await createAccount();
    const outsider = await createAccount();
    const theirs = await createMemoryAs(outsider.token, { title: "Not yours", memory_date: "1999-01-01" });
    await createMemoryAs(writer.token, { title: "Mine", memory_date: "2001-01-01" });
    const result = await call(listMemoriesRoute, `/api/memories?cursor=${theirs.id}`, { token: writer.token });
    expect(result.body.data).toEqual({ memories: [], next_cursor: null });
  });

  it("answers a memory in the list exactly as it answers it alone: dates, author, photos and tags", async () => {
    const writer = await createAccount();
    const sibling = await createAccount({ familyId: writer.user.family_id });
    const written = await createMemoryAs(writer.token, { taggedUserIds: [sibling.user.id], memory_date: "1999-12-31" }, [
      { name: "a.jpg", bytes: await jpeg() },
      { name: "b.jpg", bytes: await jpeg({ color: "#2e86de" }) },
    ]);
    // One moment for both reads, inside one photo-signing window and while the session is valid.
    vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 60_000 });
    try {
      const listed = await call(listMemoriesRoute, "/api/memories", { token: writer.token });
      const alone = await call(getMemoryRoute, `/api/memories/${written.id}`, { token: writer.token, params: { id: written.id } });
      expect(listed.body.data.memories).toEqual([alone.body.data.memory]);
      expect(alone.body.data.memory).toMatchObject({ memory_date: "1999-12-31", memory_tags: [{ tagged_user_id: sibling.user.id }] });
      expect(alone.body.data.memory.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a limit out of bounds", async () => {
    expect((await call(listMemoriesRoute, "/api/memories?limit=0", { token: owner.token })).status).toBe(400);
    expect((await call(listMemoriesRoute, "/api/memories?limit=1000", { token: owner.token })).status).toBe(400);
  });

  it("uses the same number of queries for one memory as for many with photos and tags", async () => {
    const writer = await createAccount();
    const sibling = await createAccount({ familyId: writer.user.family_id });
    await createMemoryAs(writer.token, { taggedUserIds: [sibling.user.id] });
    const few = await countQueries(() => call(listMemoriesRoute, "/api/memories", { token: writer.token }));
    for (let index = 0; index < 4; index += 1) await createMemoryAs(writer.token, { taggedUserIds: [sibling.user.id] });
    const many = await countQueries(() => call(listMemoriesRoute, "/api/memories", { token: writer.token }));
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await call(listMemoriesRoute, "/api/memories")).status).toBe(401);
  });
});

describe("the permission matrix", () => {
  let privateMemory: { id: string };
  let sharedMemory: { id: string };

  beforeAll(async () => {
    privateMemory = await createMemoryAs(owner.token, { title: "Private diary" });
    sharedMemory = await createMemoryAs(owner.token, { title: "Family reunion", is_shared: "true", taggedUserIds: [relative.user.id] });
  });

  const get = (id: string, token?: string) => call(getMemoryRoute, `/api/memories/${id}`, { token, params: { id } });

  it("GET /api/memories/{id}: the owner reads a private memory", async () => {
    const result = await get(privateMemory.id, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.memory.title).toBe("Private diary");
  });

  it("GET /api/memories/{id}: the family reads a shared memory", async () => {
    const result = await get(sharedMemory.id, relative.token);
    expect(result.status).toBe(200);
    expect(result.body.data.memory.profiles).toEqual({ first_name: "Margaret", last_name: "Hughes" });
  });

  it("GET /api/memories/{id}: answers 404 when a relative opens a memory that is not shared", async () => {
    const result = await get(privateMemory.id, relative.token);
    expect(result.status).toBe(404);
    expect(result.body.error).toBe("Memory not found");
  });

  it("GET /api/memories/{id}: another family gets 404 for shared and private memories alike, as for a missing one", async () => {
    for (const id of [privateMemory.id, sharedMemory.id, "00000000-0000-4000-8000-000000000000", "nonsense"]) {
      const result = await get(id, stranger.token);
      expect(result.status).toBe(404);
      expect(result.body.error).toBe("Memory not found");
    }
  });

  it("GET /api/memories/{id}: anonymous gets 401", async () => {
    expect((await get(sharedMemory.id)).status).toBe(401);
  });

  it("GET /api/memories/shared: the family sees shared memories with author and tag names, never private ones", async () => {
    const result = await call(listSharedRoute, "/api/memories/shared", { token: relative.token });
    expect(result.status).toBe(200);
    const ids = result.body.data.memories.map((memory: { id: string }) => memory.id);
    expect(ids).toContain(sharedMemory.id);
    expect(ids).not.toContain(privateMemory.id);
    const shared = result.body.data.memories.find((memory: { id: string }) => memory.id === sharedMemory.id);
    expect(shared.profiles).toEqual({ first_name: "Margaret", last_name: "Hughes" });
    expect(shared.memory_tags[0].profiles).toEqual({ first_name: "Tom", last_name: "Hughes" });
  });

  it("GET /api/memories/shared: the owner sees their own shared memories there too", async () => {
    const result = await call(listSharedRoute, "/api/memories/shared", { token: owner.token });
    expect(result.body.data.memories.map((memory: { id: string }) => memory.id)).toContain(sharedMemory.id);
  });

  it("GET /api/memories/shared: another family sees nothing of this one", async () => {
    const result = await call(listSharedRoute, "/api/memories/shared", { token: stranger.token });
    expect(result.status).toBe(200);
    expect(result.body.data.memories).toEqual([]);
  });

  it("GET /api/memories/shared: anonymous gets 401", async () => {
    expect((await call(listSharedRoute, "/api/memories/shared")).status).toBe(401);
  });

  it("GET /api/memories: the owner's list holds private and shared memories alike", async () => {
    const result = await call(listMemoriesRoute, "/api/memories?limit=100", { token: owner.token });
    const ids = result.body.data.memories.map((memory: { id: string }) => memory.id);
    expect(ids).toEqual(expect.arrayContaining([privateMemory.id, sharedMemory.id]));
  });

  it("GET /api/memories: neither a relative's nor another family's list holds the owner's memories", async () => {
    for (const viewer of [relative, stranger]) {
      const result = await call(listMemoriesRoute, "/api/memories", { token: viewer.token });
      const ids = result.body.data.memories.map((memory: { id: string }) => memory.id);
      expect(ids).not.toContain(sharedMemory.id);
      expect(ids).not.toContain(privateMemory.id);
    }
  });

  it("PUT /api/memories/{id}: only the owner edits; family and strangers get 404, anonymous 401", async () => {
    const put = (token?: string) =>
      call(updateMemoryRoute, `/api/memories/${sharedMemory.id}`, {
        method: "PUT",
        token,
        params: { id: sharedMemory.id },
        body: memoryForm({ title: "Hijacked", content: undefined, memory_date: undefined }),
      });
    expect((await put(relative.token)).status).toBe(404);
    expect((await put(stranger.token)).status).toBe(404);
    expect((await put()).status).toBe(401);
    expect((await get(sharedMemory.id, owner.token)).body.data.memory.title).toBe("Family reunion");
  });

  it("PATCH /api/memories/{id}/toggle-shared: only the owner toggles; family and strangers get 404, anonymous 401", async () => {
    // A memory of its own: the toggles below must not change what the other tests read.
    const memory = await createMemoryAs(owner.token, { title: "To be shared" });
    const toggle = (token: string | undefined, is_shared: unknown) =>
      call(toggleSharedRoute, `/api/memories/${memory.id}/toggle-shared`, { method: "PATCH", token, params: { id: memory.id }, body: { is_shared } });
    expect((await toggle(relative.token, true)).status).toBe(404);
    expect((await toggle(stranger.token, true)).status).toBe(404);
    expect((await toggle(undefined, true)).status).toBe(401);
    expect((await get(memory.id, relative.token)).status).toBe(404);

    const shared = await toggle(owner.token, true);
    expect(shared.status).toBe(200);
    expect(shared.body.data.memory).toEqual({ id: memory.id, is_shared: true });
    expect((await get(memory.id, relative.token)).status).toBe(200);
    expect((await get(memory.id, stranger.token)).status).toBe(404);

    expect((await toggle(owner.token, false)).status).toBe(200);
    expect((await get(memory.id, relative.token)).status).toBe(404);
    expect((await toggle(owner.token, "yes")).status).toBe(400);
  });

  it("DELETE /api/memories/{id}: only the owner deletes; family and strangers get 404, anonymous 401", async () => {
    const doomed = await createMemoryAs(owner.token, { is_shared: "true" });
    const remove = (token?: string) => call(deleteMemoryRoute, `/api/memories/${doomed.id}`, { method: "DELETE", token, params: { id: doomed.id } });
    expect((await remove(relative.token)).status).toBe(404);
    expect((await remove(stranger.token)).status).toBe(404);
    expect((await remove()).status).toBe(401);
    expect((await get(doomed.id, owner.token)).status).toBe(200);

    expect((await remove(owner.token)).status).toBe(200);
    expect((await get(doomed.id, owner.token)).status).toBe(404);
    expect((await remove(owner.token)).status).toBe(404);
  });

  it("POST /api/memories/uploads: anonymous gets 401", async () => {
    const result = await call(createUploadRoute, "/api/memories/uploads", { body: { file_name: "a.jpg", content_type: "image/jpeg", size: 10 } });
    expect(result.status).toBe(401);
  });
});

describe("PUT /api/memories/{id}", () => {
  const put = (token: string, id: string, form: FormData) =>
    call(updateMemoryRoute, `/api/memories/${id}`, { method: "PUT", token, params: { id }, body: form });
  const partialForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  it("changes only the fields sent", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Before", content: "Story", memory_date: "2011-11-11", taggedUserIds: [relative.user.id] });
    const result = await put(owner.token, memory.id, partialForm({ title: "After" }));
    expect(result.status).toBe(200);
    expect(result.body.data.memory).toMatchObject({
      title: "After",
      content: "Story",
      memory_date: "2011-11-11",
      is_shared: false,
      memory_tags: [expect.objectContaining({ tagged_user_id: relative.user.id })],
    });
  });

  it("replaces the tags with the JSON list sent, and clears them with an empty one", async () => {
    const cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Cara" });
    const memory = await createMemoryAs(owner.token, { taggedUserIds: [relative.user.id] });
    const replaced = await put(owner.token, memory.id, partialForm({ taggedUserIds: JSON.stringify([cousin.user.id]) }));
    expect(replaced.body.data.memory.memory_tags.map((tag: { tagged_user_id: string }) => tag.tagged_user_id)).toEqual([cousin.user.id]);
    const cleared = await put(owner.token, memory.id, partialForm({ taggedUserIds: "[]" }));
    expect(cleared.body.data.memory.memory_tags).toEqual([]);
  });

  it("changes content, date and sharing when sent", async () => {
    const memory = await createMemoryAs(owner.token);
    const result = await put(owner.token, memory.id, partialForm({ content: "New story", memory_date: "1999-12-31", is_shared: "true" }));
    expect(result.body.data.memory).toMatchObject({ title: "Picnic at the lake", content: "New story", memory_date: "1999-12-31", is_shared: true });
  });

  it("validates the fields sent with the product's messages and changes nothing", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Kept" });
    for (const [fields, message] of [
      [{ title: "" }, "Title is required"],
      [{ content: " " }, "Memory content is required"],
      [{ memory_date: "" }, "Please select a date"],
      [{ memory_date: isoDay(5) }, "The date of a memory cannot be in the future"],
      [{ taggedUserIds: JSON.stringify([owner.user.id]) }, "You cannot tag yourself"],
      [{ taggedUserIds: JSON.stringify([stranger.user.id]) }, "You can only tag members of your own family"],
      [{ taggedUserIds: "[not json" }, "taggedUserIds must be a JSON list of ids"],
    ] as [Record<string, string>, string][]) {
      const result = await put(owner.token, memory.id, partialForm({ title: "Changed", ...fields }));
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(message);
    }
    const after = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: owner.token, params: { id: memory.id } });
    expect(after.body.data.memory.title).toBe("Kept");
  });
});

async function countMemories(account: TestAccount) {
  const prisma = await getDb();
  return prisma.memory.count({ where: { user_id: account.user.id } });
}

/** Counts the statements sent to the database while the action runs. */
async function countQueries(action: () => Promise<unknown>) {
  const spy = vi.spyOn(Client.prototype, "query");
  try {
    await action();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
