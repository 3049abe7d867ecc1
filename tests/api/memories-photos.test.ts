import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE as deleteMemoryRoute, GET as getMemoryRoute, PUT as updateMemoryRoute } from "@/app/api/memories/[id]/route";
import { POST as createMemoryRoute } from "@/app/api/memories/route";
import { POST as createUploadRoute } from "@/app/api/memories/uploads/route";
import { sweepStaleUploads } from "@/server/memories/sweep-stale-uploads";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { blackPng, createMemoryAs, hasGpsDirectory, jpeg, memoryForm, oversizedJpeg, sidewaysJpegWithGps } from "../helpers/memories";
import { fetchSigned } from "../helpers/stored";
import { uploadPhoto } from "../helpers/uploads";

// The photo pipeline on the local storage driver: the bytes decide, rotation is applied,
// metadata is stripped, and nothing is left half-saved.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

async function photoRows(memoryId: string) {
  const prisma = await getDb();
  return prisma.memoryPhoto.findMany({ where: { memory_id: memoryId }, orderBy: { order_number: "asc" } });
}

async function allObjectKeys() {
  const prisma = await getDb();
  const photos = await prisma.memoryPhoto.findMany({ select: { original_key: true, display_key: true, thumbnail_key: true } });
  return photos.flatMap((photo) => [photo.original_key, photo.display_key, photo.thumbnail_key]);
}

const memoryCount = async () => (await getDb()).memory.count();

describe("photos sent in the multipart form", () => {
  it("turns a sideways JPEG with GPS upright and strips every bit of metadata from what is stored", async () => {
    const memory = await createMemoryAs(owner.token, {}, [{ name: "beach.jpg", bytes: await sidewaysJpegWithGps() }]);
    const [row] = await photoRows(memory.id);
    expect(row).toMatchObject({ order_number: 0, content_type: "image/jpeg", width: 40, height: 80 });

    const storage = getStorage();
    const original = await storage.get(row!.original_key);
    const originalMeta = await sharp(original!.body).metadata();
    expect(originalMeta).toMatchObject({ format: "jpeg", width: 40, height: 80 });
    expect(originalMeta.orientation).toBeUndefined();
    expect(originalMeta.exif).toBeUndefined();
    expect(hasGpsDirectory(original!.body)).toBe(false);

    const display = await sharp((await storage.get(row!.display_key))!.body).metadata();
    expect(display).toMatchObject({ format: "webp", width: 40, height: 80 });
    expect(display.exif).toBeUndefined();
    const thumbnail = await sharp((await storage.get(row!.thumbnail_key))!.body).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 480, height: 360 });
  });

  it("the test image really does carry GPS and an orientation, so the test above can fail", async () => {
    const meta = await sharp(await sidewaysJpegWithGps()).metadata();
    expect(meta.orientation).toBe(6);
    expect(hasGpsDirectory(meta.exif)).toBe(true);
  });

  it("answers signed, expiring photo and thumbnail URLs that serve the processed images", async () => {
    const memory = await createMemoryAs(owner.token, { is_shared: "true" }, [
      { name: "one.jpg", bytes: await jpeg() },
      {
        name: "two.png",
        bytes: await sharp({ create: { width: 30, height: 30, channels: 4, background: "#00ff0080" } })
          .png()
          .toBuffer(),
        type: "image/png",
      },
    ]);
    expect(memory.memory_photos.map((photo) => photo.order_number)).toEqual([0, 1]);
    for (const photo of memory.memory_photos) {
      expect(photo.photo_url).toMatch(/^\/api\/storage\/memories\/.+\/display\.webp\?expires=\d+&signature=/);
      expect(photo.thumbnail_url).toMatch(/thumbnail\.webp\?expires=\d+&signature=/);
      const response = await fetchSigned(photo.photo_url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    }
    // One character of the signature changed, always to a different one.
    const tampered = memory.memory_photos[0]!.photo_url.replace(/signature=(.)/, (_, first: string) => `signature=${first === "x" ? "y" : "x"}`);
    expect((await fetchSigned(tampered)).status).toBe(403);

    const seenByRelative = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: relative.token, params: { id: memory.id } });
    expect(seenByRelative.body.data.memory.memory_photos).toHaveLength(2);
    const seenByStranger = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: stranger.token, params: { id: memory.id } });
    expect(seenByStranger.status).toBe(404);
    expect(JSON.stringify(seenByStranger.body)).not.toContain("storage");
  });

  it("hands out the same photo addresses on every read within half an hour, so browsers keep the photos they have", async () => {
    const memory = await createMemoryAs(owner.token, { is_shared: "true" }, [{ name: "one.jpg", bytes: await jpeg() }]);
    const read = async (at: string) => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(at) });
      try {
        const result = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: relative.token, params: { id: memory.id } });
        return result.body.data.memory.memory_photos[0] as { photo_url: string; thumbnail_url: string };
      } finally {
        vi.useRealTimers();
      }
    };
    // Tomorrow, while the test session is still valid.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const first = await read(`${day}T10:02:00Z`);
    const later = await read(`${day}T10:27:00Z`);
    const nextWindow = await read(`${day}T10:31:00Z`);
    expect(later).toEqual(first);
    expect(nextWindow.photo_url).not.toBe(first.photo_url);
    // Still valid an hour after it was handed out, and not for ever.
    const expires = Number(new URL(first.photo_url, "http://localhost").searchParams.get("expires"));
    expect(expires).toBe(Date.parse(`${day}T11:30:00Z`) / 1000);
  });

  it("refuses a text file named .png with 415 and saves nothing", async () => {
    const before = await memoryCount();
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({}, [{ name: "notes.png", bytes: Buffer.from("these are not pixels"), type: "image/png" }]),
    });
    expect(result.status).toBe(415);
    expect(result.body.error).toBe("notes.png is not an image. Only image files can be uploaded.");
    expect(result.body.fieldErrors).toEqual({ photos: ["notes.png is not an image. Only image files can be uploaded."] });
    expect(await memoryCount()).toBe(before);
  });

  it("refuses an SVG (415): only JPEG, PNG, WebP, GIF and AVIF photos", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({}, [{ name: "icon.svg", bytes: svg, type: "image/svg+xml" }]),
    });
    expect(result.status).toBe(415);
  });

  it("accepts WebP, GIF and AVIF", async () => {
    const base = () => sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } });
    const memory = await createMemoryAs(owner.token, {}, [
      { name: "a.webp", bytes: await base().webp().toBuffer(), type: "image/webp" },
      { name: "b.gif", bytes: await base().gif().toBuffer(), type: "image/gif" },
      { name: "c.avif", bytes: await base().avif().toBuffer(), type: "image/avif" },
    ]);
    expect(memory.memory_photos).toHaveLength(3);
  });

  it("refuses six photos with the product's message and saves nothing", async () => {
    const before = await memoryCount();
    const bytes = await jpeg();
    const photos = Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.jpg`, bytes }));
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({}, photos) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("You can only upload up to 5 photos per memory.");
    expect(await memoryCount()).toBe(before);
  });

  it("refuses a photo over 5 MB with 413 and saves nothing, not even the other photos' objects", async () => {
    const before = await memoryCount();
    const objectsBefore = await allObjectKeys();
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({}, [
        { name: "fine.jpg", bytes: await jpeg() },
        { name: "huge.jpg", bytes: await oversizedJpeg() },
      ]),
    });
    expect(result.status).toBe(413);
    expect(result.body.error).toBe("huge.jpg is larger than 5MB");
    expect(await memoryCount()).toBe(before);
    expect(await allObjectKeys()).toEqual(objectsBefore);
  });

  it("refuses a decompression bomb (too many pixels) with 413", async () => {
    const bomb = await sharp({ create: { width: 7_500, height: 7_000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({}, [{ name: "bomb.png", bytes: bomb, type: "image/png" }]),
    });
    expect(result.status).toBe(413);
    expect(result.body.error).toBe("bomb.png is 7500 × 7000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.");
  });

  it("refuses a 20000×20000 PNG (a pixel flood beyond what sharp itself opens) with 413, not as a non-image", async () => {
    const flood = blackPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(100 * 1024);
    expect(await sharp(blackPng(40, 30)).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });
    const before = await memoryCount();
    const result = await call(createMemoryRoute, "/api/memories", {
      token: owner.token,
      body: memoryForm({}, [{ name: "flood.png", bytes: flood, type: "image/png" }]),
    });
    expect(result.status).toBe(413);
    const message = "flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.";
    expect(result.body).toEqual({ success: false, data: null, error: message, fieldErrors: { photos: [message] } });
    expect(await memoryCount()).toBe(before);
  });
});

describe("photos uploaded straight to storage", () => {
  it("creates a memory from presigned uploads, then forgets the uploads and their objects", async () => {
    const first = await uploadPhoto(owner.token, "first.jpg", await sidewaysJpegWithGps());
    const second = await uploadPhoto(owner.token, "second.jpg", await jpeg());
    const prisma = await getDb();
    const uploadKeys = (await prisma.photoUpload.findMany({ where: { id: { in: [first, second] } } })).map((upload) => upload.key);

    const memory = await createMemoryAs(owner.token, { uploadIds: [first, second] });
    expect(memory.memory_photos).toHaveLength(2);
    const [row] = await photoRows(memory.id);
    const original = await sharp((await getStorage().get(row!.original_key))!.body).metadata();
    expect(original).toMatchObject({ width: 40, height: 80 });
    expect(original.exif).toBeUndefined();

    expect(await prisma.photoUpload.count({ where: { id: { in: [first, second] } } })).toBe(0);
    for (const key of uploadKeys) expect(await getStorage().head(key)).toBeNull();
  });

  it("refuses someone else's upload id as if it did not exist", async () => {
    const theirs = await uploadPhoto(relative.token, "theirs.jpg", await jpeg());
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ uploadIds: theirs }) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("A photo upload was not found or has expired. Please add the photo again.");
  });

  it("checks the uploaded bytes, not what the browser declared (415)", async () => {
    const fake = await uploadPhoto(owner.token, "fake.jpg", Buffer.from("plain text pretending"));
    const before = await memoryCount();
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ uploadIds: fake }) });
    expect(result.status).toBe(415);
    // Named as the person named it when asking for the upload.
    expect(result.body.error).toBe("fake.jpg is not an image. Only image files can be uploaded.");
    expect(result.body.fieldErrors).toEqual({ photos: ["fake.jpg is not an image. Only image files can be uploaded."] });
    expect(await memoryCount()).toBe(before);
  });

  it("refuses to hand out an upload URL for a file that is too large (413) or not an image (415)", async () => {
    const large = await call(createUploadRoute, "/api/memories/uploads", {
      token: owner.token,
      body: { file_name: "big.jpg", content_type: "image/jpeg", size: 6 * 1024 * 1024 },
    });
    expect(large.status).toBe(413);
    expect(large.body.error).toBe("big.jpg is larger than 5MB");
    const text = await call(createUploadRoute, "/api/memories/uploads", {
      token: owner.token,
      body: { file_name: "a.txt", content_type: "text/plain", size: 10 },
    });
    expect(text.status).toBe(415);
  });

  it("counts uploads toward the five-photo limit", async () => {
    const bytes = await jpeg();
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push(await uploadPhoto(owner.token, `u${index}.jpg`, bytes));
    const files = Array.from({ length: 3 }, (_, index) => ({ name: `f${index}.jpg`, bytes }));
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ uploadIds: ids }, files) });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("You can only upload up to 5 photos per memory.");
  });

  it("sweeps uploads no memory took within a day, rows and objects, and keeps fresh ones", async () => {
    const stale = await uploadPhoto(owner.token, "stale.jpg", await jpeg());
    const fresh = await uploadPhoto(owner.token, "fresh.jpg", await jpeg());
    const prisma = await getDb();
    const staleRow = await prisma.photoUpload.update({ where: { id: stale }, data: { created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    expect(await getStorage().head(staleRow.key)).not.toBeNull();

    const result = await sweepStaleUploads();
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await prisma.photoUpload.findUnique({ where: { id: stale } })).toBeNull();
    expect(await getStorage().head(staleRow.key)).toBeNull();
    expect(await prisma.photoUpload.findUnique({ where: { id: fresh } })).not.toBeNull();
  });
});

describe("editing and deleting photos", () => {
  const put = (id: string, form: FormData) => call(updateMemoryRoute, `/api/memories/${id}`, { method: "PUT", token: owner.token, params: { id }, body: form });

  it("deletes the photos named in photoIdsToDelete, with their objects, and adds new ones after the kept ones", async () => {
    const bytes = await jpeg();
    const memory = await createMemoryAs(owner.token, {}, [
      { name: "a.jpg", bytes },
      { name: "b.jpg", bytes },
      { name: "c.jpg", bytes },
    ]);
    const [first, second, third] = await photoRows(memory.id);
    const form = new FormData();
    form.append("photoIdsToDelete", JSON.stringify([first!.id]));
    form.append("photos", new File([new Uint8Array(bytes)], "d.jpg", { type: "image/jpeg" }));
    const result = await put(memory.id, form);
    expect(result.status).toBe(200);

    const rows = await photoRows(memory.id);
    expect(rows.map((row) => [row.id, row.order_number])).toEqual([
      [second!.id, 0],
      [third!.id, 1],
      [expect.any(String), 2],
    ]);
    expect(result.body.data.memory.memory_photos.map((photo: { id: string }) => photo.id)).toEqual(rows.map((row) => row.id));
    for (const key of [first!.original_key, first!.display_key, first!.thumbnail_key]) expect(await getStorage().head(key)).toBeNull();
    expect(await getStorage().head(second!.original_key)).not.toBeNull();
  });

  it("enforces five photos counting the kept ones and the new ones, and changes nothing when refused", async () => {
    const bytes = await jpeg();
    const memory = await createMemoryAs(
      owner.token,
      { title: "Full" },
      Array.from({ length: 4 }, (_, index) => ({ name: `${index}.jpg`, bytes })),
    );
    const form = new FormData();
    form.append("title", "Changed");
    for (const name of ["x.jpg", "y.jpg"]) form.append("photos", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    const refused = await put(memory.id, form);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("You can only upload up to 5 photos per memory.");
    expect(await photoRows(memory.id)).toHaveLength(4);

    const [kept] = await photoRows(memory.id);
    form.append("photoIdsToDelete", JSON.stringify([kept!.id]));
    expect((await put(memory.id, form)).status).toBe(200);
    expect(await photoRows(memory.id)).toHaveLength(5);
  });

  it("a failed edit (one photo not an image) changes nothing and leaves no new objects", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Stable" }, [{ name: "a.jpg", bytes: await jpeg() }]);
    const objectsBefore = (await allObjectKeys()).sort();
    const form = new FormData();
    form.append("title", "Changed");
    form.append("photos", new File([new Uint8Array(await jpeg())], "good.jpg", { type: "image/jpeg" }));
    form.append("photos", new File(["nope"], "bad.jpg", { type: "image/jpeg" }));
    const result = await put(memory.id, form);
    expect(result.status).toBe(415);
    expect((await allObjectKeys()).sort()).toEqual(objectsBefore);
    const after = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: owner.token, params: { id: memory.id } });
    expect(after.body.data.memory.title).toBe("Stable");
  });

  it("deleting a memory deletes its photo objects", async () => {
    const memory = await createMemoryAs(owner.token, {}, [{ name: "a.jpg", bytes: await jpeg() }]);
    const [row] = await photoRows(memory.id);
    const result = await call(deleteMemoryRoute, `/api/memories/${memory.id}`, { method: "DELETE", token: owner.token, params: { id: memory.id } });
    expect(result.status).toBe(200);
    expect(await photoRows(memory.id)).toEqual([]);
    for (const key of [row!.original_key, row!.display_key, row!.thumbnail_key]) expect(await getStorage().head(key)).toBeNull();
  });
});
