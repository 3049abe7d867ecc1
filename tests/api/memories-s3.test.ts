import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteMemoryRoute, GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { POST as createMemoryRoute } from "@/app/api/memories/route";
import { sweepStaleUploads } from "@/server/memories/sweep-stale-uploads";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { getStorage, resetStorageForTests } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { createMemoryAs, hasGpsDirectory, jpeg, memoryForm, oversizedJpeg, sidewaysJpegWithGps } from "../helpers/memories";
import { s3Settings, startS3Server, type RunningS3 } from "../helpers/s3-server";
import { requestUpload, sendToStorage, uploadPhoto } from "../helpers/uploads";

// The same photo flow with photos in an S3-compatible store (s3rver), as a deployment runs it.

let s3: RunningS3;
let owner: TestAccount;
let relative: TestAccount;

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, s3Settings(s3));
  resetEnvForTests();
  resetStorageForTests();
  ({ owner, relative } = await createFamilies());
});

afterAll(async () => {
  for (const name of ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"]) delete process.env[name];
  resetEnvForTests();
  resetStorageForTests();
  await s3?.stop();
});

describe("memories with photos on S3", () => {
  it("stores an uploaded photo upright and without GPS, and hands the family working signed URLs", async () => {
    expect(getStorage().driver).toBe("s3");
    const bytes = await sidewaysJpegWithGps();
    const requested = await requestUpload(owner.token, "trip.jpg", bytes.length);
    expect(requested.status).toBe(201);
    const upload = requested.body.data.upload;
    expect(upload.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(upload.method).toBe("POST");
    const sent = await sendToStorage(upload, bytes);
    expect(sent.status).toBe(204);

    const memory = await createMemoryAs(owner.token, { is_shared: "true", uploadIds: [upload.id] });
    const prisma = await getDb();
    const row = await prisma.memoryPhoto.findFirstOrThrow({ where: { memory_id: memory.id } });
    const original = await sharp((await getStorage().get(row.original_key))!.body).metadata();
    expect(original).toMatchObject({ width: 40, height: 80 });
    expect(original.exif).toBeUndefined();
    expect(hasGpsDirectory(original.exif)).toBe(false);

    const seen = await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: relative.token, params: { id: memory.id } });
    const photo = seen.body.data.memory.memory_photos[0] as { photo_url: string; thumbnail_url: string };
    expect(photo.photo_url).toContain("X-Amz-Expires=");
    const display = await fetch(photo.photo_url);
    expect(display.status).toBe(200);
    expect((await sharp(Buffer.from(await display.arrayBuffer())).metadata()).format).toBe("webp");
    const thumbnail = await fetch(photo.thumbnail_url);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(480);

    expect(await prisma.photoUpload.count({ where: { id: upload.id } })).toBe(0);
  });

  it("keeps a print-size JPEG of each photo in the bucket beside its other sizes (docs/decisions/032-books-at-scale.md)", async () => {
    const memory = await createMemoryAs(owner.token, { title: "Print size", memory_date: "1990-05-01" }, [
      { name: "wide.jpg", bytes: await jpeg({ width: 2400, height: 1800 }) },
    ]);
    const prisma = await getDb();
    const photo = await prisma.memoryPhoto.findFirstOrThrow({ where: { memory_id: memory.id } });
    expect(photo.print_key).toBe(`memories/${memory.id}/${photo.id}/print.jpg`);
    const stored = await getStorage().get(photo.print_key!);
    expect(stored?.contentType).toBe("image/jpeg");
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: "jpeg", width: 1800, height: 1350 });
  });

  it("refuses an upload the store accepted although it was over 5 MB (413), and saves nothing", async () => {
    const small = await sidewaysJpegWithGps();
    const requested = await requestUpload(owner.token, "liar.jpg", small.length);
    const upload = requested.body.data.upload;
    // The browser declared a small file but sent a large one. The signed policy forbids it and S3
    // would refuse it; s3rver, like some S3-compatible stores, does not read policies and takes it.
    const sent = await sendToStorage(upload, await oversizedJpeg());
    expect(sent.status).toBe(204);
    const prisma = await getDb();
    const before = await prisma.memory.count();
    const result = await call(createMemoryRoute, "/api/memories", { token: owner.token, body: memoryForm({ uploadIds: upload.id }) });
    expect(result.status).toBe(413);
    expect(result.body.error).toBe("liar.jpg is larger than 5MB");
    expect(await prisma.memory.count()).toBe(before);
  });

  it("accepts photos in the multipart form too, and deleting the memory deletes them from the bucket", async () => {
    const memory = await createMemoryAs(owner.token, {}, [{ name: "form.jpg", bytes: await sidewaysJpegWithGps() }]);
    const prisma = await getDb();
    const row = await prisma.memoryPhoto.findFirstOrThrow({ where: { memory_id: memory.id } });
    expect(await getStorage().head(row.display_key)).not.toBeNull();
    const removed = await call(deleteMemoryRoute, `/api/memories/${memory.id}`, { method: "DELETE", token: owner.token, params: { id: memory.id } });
    expect(removed.status).toBe(200);
    for (const key of [row.original_key, row.display_key, row.thumbnail_key]) expect(await getStorage().head(key)).toBeNull();
  });

  it("hands out a presigned POST: the fields to send before the file, no headers, and the policy's limits", async () => {
    const requested = await requestUpload(owner.token, "policy.png", 1234, "image/png");
    expect(requested.status).toBe(201);
    const upload = requested.body.data.upload;
    expect(Object.keys(upload).sort()).toEqual(["expires_at", "fields", "headers", "id", "method", "url"]);
    expect(upload).toMatchObject({ method: "POST", headers: {} });
    expect(upload.fields).toMatchObject({ key: `uploads/${owner.user.id}/${upload.id}`, "Content-Type": "image/png" });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, "base64").toString("utf8")) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([["content-length-range", 1, 5 * 1024 * 1024], ["eq", "$Content-Type", "image/png"], { key: upload.fields.key }]),
    );
    const minutesLeft = (new Date(upload.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
  });

  it("sweeps objects under uploads/ that no pending upload names once their URL has expired, and keeps the rest", async () => {
    const pending = await uploadPhoto(owner.token, "waiting.jpg", await jpeg());
    const used = await uploadPhoto(owner.token, "used.jpg", await jpeg());
    const prisma = await getDb();
    const usedKey = (await prisma.photoUpload.findUniqueOrThrow({ where: { id: used } })).key;
    await createMemoryAs(owner.token, { uploadIds: [used] });
    // The used URL is still valid for a few minutes, and real S3 would take a re-POST: s3rver does too.
    await getStorage().put(usedKey, Buffer.alloc(4 * 1024 * 1024, 1), "image/jpeg");
    const pendingKey = (await prisma.photoUpload.findUniqueOrThrow({ where: { id: pending } })).key;

    const atOnce = await sweepStaleUploads();
    expect(atOnce.orphans).toBe(0);
    expect(await getStorage().head(usedKey)).not.toBeNull();

    const afterTheWindow = await sweepStaleUploads({ now: new Date(Date.now() + 16 * 60 * 1000) });
    expect(afterTheWindow.orphans).toBeGreaterThanOrEqual(1);
    expect(await getStorage().head(usedKey)).toBeNull();
    expect(await getStorage().head(pendingKey)).not.toBeNull();
    expect(await prisma.photoUpload.count({ where: { id: pending } })).toBe(1);
  });
});
