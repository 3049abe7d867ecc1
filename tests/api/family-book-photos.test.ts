import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as coverPhotos } from "@/app/api/family-book/photos/route";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { ORIGIN } from "../helpers/api";

// GET /api/family-book/photos: what the book's cover can be chosen from.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

async function memoryWithPhotos(account: TestAccount, title: string, shared: boolean, photos: number) {
  const prisma = await getDb();
  const memory = await prisma.memory.create({
    data: {
      user_id: account.user.id,
      family_id: account.user.family_id,
      title,
      content: title,
      memory_date: new Date("2001-02-03T00:00:00Z"),
      is_shared: shared,
    },
  });
  const ids: string[] = [];
  for (let index = 0; index < photos; index += 1) {
    const key = `test/${memory.id}/${index}.webp`;
    const bytes = await sharp({ create: { width: 48, height: 36, channels: 3, background: "#a0522d" } })
      .webp()
      .toBuffer();
    await getStorage().put(key, bytes, "image/webp");
    const photo = await prisma.memoryPhoto.create({
      data: {
        memory_id: memory.id,
        order_number: index,
        original_key: key,
        display_key: key,
        thumbnail_key: key,
        content_type: "image/webp",
        width: 48,
        height: 36,
        byte_size: bytes.length,
      },
    });
    ids.push(photo.id);
  }
  return ids;
}

async function list(account: TestAccount | null, query = "") {
  const headers = new Headers({ host: "localhost:3000" });
  if (account) headers.set("authorization", `Bearer ${account.token}`);
  const response = await coverPhotos(new Request(`${ORIGIN}/api/family-book/photos${query}`, { headers }), { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

let shared: string[];

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  shared = [...(await memoryWithPhotos(owner, "Picnic", true, 2)), ...(await memoryWithPhotos(relative, "Wedding", true, 1))];
  await memoryWithPhotos(owner, "Private", false, 1);
  await memoryWithPhotos(stranger, "Elsewhere", true, 1);
});

describe("GET /api/family-book/photos", () => {
  it("lists every photo the family shared, newest first, each with its memory and a thumbnail", async () => {
    const { status, body } = await list(relative);
    expect(status).toBe(200);
    expect(body.data.photos.map((photo: { id: string }) => photo.id).sort()).toEqual([...shared].sort());
    expect(body.data.photos[0]).toMatchObject({ id: shared[2], memory_title: "Wedding", memory_date: "2001-02-03", position: 1, memory_photo_count: 1 });
    expect(body.data.photos.find((photo: { id: string }) => photo.id === shared[1])).toMatchObject({
      memory_title: "Picnic",
      position: 2,
      memory_photo_count: 2,
    });
    expect(body.data.photos[0].thumbnail_url).toContain("signature=");
    expect(body.data.next_cursor).toBeNull();
  });

  it("pages like every list", async () => {
    const first = await list(owner, "?limit=2");
    expect(first.body.data.photos).toHaveLength(2);
    const second = await list(owner, `?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.photos).toHaveLength(1);
    expect(second.body.data.next_cursor).toBeNull();
    expect([...first.body.data.photos, ...second.body.data.photos].map((photo: { id: string }) => photo.id).sort()).toEqual([...shared].sort());
    expect((await list(owner, "?limit=0")).status).toBe(400);
  });

  it("shows another family only its own photos, and nobody an unshared one", async () => {
    const { body } = await list(stranger);
    expect(body.data.photos.map((photo: { memory_title: string }) => photo.memory_title)).toEqual(["Elsewhere"]);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await list(null)).status).toBe(401);
  });
});
