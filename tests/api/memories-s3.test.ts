import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMemoryRoute, DELETE as deleteMemoryRoute } from "@/app/api/memories/[id]/route";
import { POST as createMemoryRoute } from "@/app/api/memories/route";
import { POST as createUploadRoute } from "@/app/api/memories/uploads/route";
import { getDb } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { getStorage, resetStorageForTests } from "@/server/storage";
import { call } from "../helpers/api";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { createMemoryAs, hasGpsDirectory, memoryForm, oversizedJpeg, sidewaysJpegWithGps } from "../helpers/memories";
import { startS3Server, type RunningS3 } from "../helpers/s3-server";

// The same photo flow with photos in an S3-compatible store (s3rver), as a deployment runs it.

let s3: RunningS3;
let owner: TestAccount;
let relative: TestAccount;

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_REGION: "us-east-1",
  });
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
    const requested = await call(createUploadRoute, "/api/memories/uploads", { token: owner.token, body: { file_name: "trip.jpg", content_type: "image/jpeg", size: bytes.length } });
    expect(requested.status).toBe(201);
    const upload = requested.body.data.upload as { id: string; url: string; method: string; headers: Record<string, string> };
    expect(upload.url.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);

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

  it("refuses an upload the store accepted although it was over 5 MB (413), and saves nothing", async () => {
    const small = await sidewaysJpegWithGps();
    const requested = await call(createUploadRoute, "/api/memories/uploads", { token: owner.token, body: { file_name: "liar.jpg", content_type: "image/jpeg", size: small.length } });
    const upload = requested.body.data.upload as { id: string; url: string; method: string; headers: Record<string, string> };
    // The browser declared a small file but sent a large one; s3rver, like some stores, takes it.
    const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: new Uint8Array(await oversizedJpeg()) });
    expect(put.status).toBe(200);
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
});
