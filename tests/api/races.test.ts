import { beforeAll, describe, expect, it } from "vitest";
import { POST as refreshRoute } from "@/app/api/auth/refresh/route";
import { PUT as updateMemoryRoute } from "@/app/api/memories/[id]/route";
import { POST as createMemoryRoute } from "@/app/api/memories/route";
import { POST as createUploadRoute } from "@/app/api/memories/uploads/route";
import { TOO_MANY_PHOTOS, UPLOAD_NOT_FOUND } from "@/lib/schemas/memories";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, jpeg, memoryForm } from "../helpers/memories";

// Rules that a race could break, each tested with requests sent at the same moment (on the
// embedded database and, in CI, on PostgreSQL, where they truly run in parallel).

let owner: TestAccount;

beforeAll(async () => {
  owner = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
});

async function photoOrder(memoryId: string) {
  const prisma = await getDb();
  const rows = await prisma.memoryPhoto.findMany({ where: { memory_id: memoryId }, orderBy: { order_number: "asc" }, select: { order_number: true } });
  return rows.map((row) => row.order_number);
}

/** A photo waiting in storage under a pending upload of the owner's, as the browser leaves it. */
async function pendingUpload(token: string) {
  const bytes = await jpeg({ color: "#16a085" });
  const result = await call(createUploadRoute, "/api/memories/uploads", {
    token,
    body: { file_name: "shared.jpg", content_type: "image/jpeg", size: bytes.length },
  });
  expect(result.status).toBe(201);
  const id = result.body.data.upload.id as string;
  const prisma = await getDb();
  const { key } = await prisma.photoUpload.findUniqueOrThrow({ where: { id } });
  await getStorage().put(key, bytes, "image/jpeg");
  return id;
}

describe("the five-photo rule under parallel edits", () => {
  it("lets only as many photos in as the rule allows when three edits each add three at once, numbered 0, 1, 2 …", async () => {
    const memory = await createMemoryAs(owner.token);
    const photos = await Promise.all([1, 2, 3].map((index) => jpeg({ color: `#${index}${index}0000` })));
    const edits = await Promise.all(
      [0, 1, 2].map((edit) =>
        call(updateMemoryRoute, `/api/memories/${memory.id}`, {
          method: "PUT",
          token: owner.token,
          params: { id: memory.id },
          body: memoryForm(
            { title: undefined, content: undefined, memory_date: undefined },
            photos.map((bytes, index) => ({ name: `edit${edit}-${index}.jpg`, bytes })),
          ),
        }),
      ),
    );

    expect(edits.map((edit) => edit.status).sort()).toEqual([200, 400, 400]);
    for (const refused of edits.filter((edit) => edit.status === 400)) expect(refused.body.error).toBe(TOO_MANY_PHOTOS);
    expect(await photoOrder(memory.id)).toEqual([0, 1, 2]);

    // The memory is still whole: the next edit adds two more and lands at 3 and 4.
    const next = await call(updateMemoryRoute, `/api/memories/${memory.id}`, {
      method: "PUT",
      token: owner.token,
      params: { id: memory.id },
      body: memoryForm({ title: "Still editable", content: undefined, memory_date: undefined }, [
        { name: "four.jpg", bytes: photos[0]! },
        { name: "five.jpg", bytes: photos[1]! },
      ]),
    });
    expect(next.status).toBe(200);
    expect(await photoOrder(memory.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it("keeps order numbers unique when edits delete and add photos at the same time", async () => {
    const bytes = await jpeg();
    const memory = await createMemoryAs(owner.token, {}, [
      { name: "a.jpg", bytes },
      { name: "b.jpg", bytes },
    ]);
    const [first, second] = memory.memory_photos;
    const edits = await Promise.all([
      call(updateMemoryRoute, `/api/memories/${memory.id}`, {
        method: "PUT",
        token: owner.token,
        params: { id: memory.id },
        body: memoryForm({ title: undefined, content: undefined, memory_date: undefined, photoIdsToDelete: JSON.stringify([first!.id]) }, [
          { name: "c.jpg", bytes },
        ]),
      }),
      call(updateMemoryRoute, `/api/memories/${memory.id}`, {
        method: "PUT",
        token: owner.token,
        params: { id: memory.id },
        body: memoryForm({ title: undefined, content: undefined, memory_date: undefined, photoIdsToDelete: JSON.stringify([second!.id]) }, [
          { name: "d.jpg", bytes },
        ]),
      }),
    ]);
    expect(edits.map((edit) => edit.status)).toEqual([200, 200]);
    expect(await photoOrder(memory.id)).toEqual([0, 1]);
  });
});

describe("a presigned upload is taken by one memory only", () => {
  it("gives the photo to exactly one of four memories created at once with the same upload", async () => {
    const uploadId = await pendingUpload(owner.token);
    const prisma = await getDb();
    const before = await prisma.memory.count({ where: { user_id: owner.user.id } });

    const saves = await Promise.all(
      [1, 2, 3, 4].map((attempt) =>
        call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ title: `Attempt ${attempt}`, uploadIds: uploadId }) }),
      ),
    );

    expect(saves.map((save) => save.status).sort()).toEqual([201, 400, 400, 400]);
    for (const refused of saves.filter((save) => save.status === 400)) expect(refused.body.error).toBe(UPLOAD_NOT_FOUND);
    expect(await prisma.memory.count({ where: { user_id: owner.user.id } })).toBe(before + 1);
    const winner = saves.find((save) => save.status === 201)!.body.data.memory as { memory_photos: unknown[] };
    expect(winner.memory_photos).toHaveLength(1);
    expect(await prisma.photoUpload.count({ where: { id: uploadId } })).toBe(0);
  });
});

describe("refreshing one token twice at once", () => {
  it("gives one new token and answers the other refresh 401, never 500", async () => {
    const account = await createAccount();
    const refreshes = await Promise.all([1, 2].map(() => call(refreshRoute, "/api/auth/refresh", { method: "POST", token: account.token })));
    expect(refreshes.map((refresh) => refresh.status).sort()).toEqual([200, 401]);
    const winner = refreshes.find((refresh) => refresh.status === 200)!;
    expect(winner.body.data.token).not.toBe(account.token);
  });
});
