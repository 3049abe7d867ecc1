import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/api/storage/[...key]/route";
import { getDb } from "@/server/platform/db/client";
import { discardBound } from "@/server/platform/http/read-body";
import { LocalObjectStorage } from "@/server/platform/storage/local-storage";
import type { ObjectStorage, SignedUpload } from "@/server/platform/storage/object-storage";
import { S3ObjectStorage } from "@/server/platform/storage/s3-storage";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { startS3Server, type RunningS3 } from "../helpers/s3-server";

// One contract, two drivers. The local driver's signed URLs are served by the app's own
// /api/storage route, so for it "fetching a URL" means calling that route handler.

const localRoot = mkdtempSync(path.join(tmpdir(), "family-book-objects-"));
const localOrigin = "http://localhost";

type Driver = {
  name: string;
  storage: () => ObjectStorage;
  fetchUrl: (url: string, init?: RequestInit) => Promise<Response>;
};

let s3: RunningS3;
let s3Storage: S3ObjectStorage;
const localStorage = new LocalObjectStorage(localRoot, process.env.AUTH_SECRET!);

async function callLocalRoute(url: string, init: RequestInit = {}) {
  const absolute = new URL(url, localOrigin);
  const key = absolute.pathname.replace(/^\/api\/storage\//, "").split("/");
  const request = new Request(absolute, init);
  const handler = (init.method ?? "GET") === "PUT" ? PUT : GET;
  return handler(request, { params: Promise.resolve({ key }) });
}

/** Sends a file the way the browser does, whichever method the signed upload asks for. */
function sendUpload(fetchUrl: Driver["fetchUrl"], upload: SignedUpload, bytes: Buffer, contentType = "image/jpeg") {
  if (upload.method === "PUT") return fetchUrl(upload.url, { method: "PUT", headers: upload.headers, body: new Uint8Array(bytes) });
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }), "photo.jpg");
  return fetchUrl(upload.url, { method: "POST", headers: upload.headers, body: form });
}

let account: TestAccount;

/** The local driver takes an upload only while a pending upload names its key. */
async function pendingUpload(key: string) {
  const prisma = await getDb();
  await prisma.photoUpload.create({ data: { user_id: account.user.id, key, file_name: "photo.jpg", content_type: "image/jpeg" } });
}

async function listed(storage: ObjectStorage, prefix: string) {
  const objects = [];
  for await (const object of storage.list(prefix)) objects.push(object);
  return objects.sort((a, b) => a.key.localeCompare(b.key));
}

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Storage = new S3ObjectStorage({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  // The route handler resolves the configured driver: the local one, in this folder.
  (globalThis as { __familyBookStorage?: ObjectStorage }).__familyBookStorage = localStorage;
  account = await createAccount();
});

afterAll(async () => {
  await s3?.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

const drivers: Driver[] = [
  { name: "local driver", storage: () => localStorage, fetchUrl: callLocalRoute },
  { name: "S3 driver (s3rver)", storage: () => s3Storage, fetchUrl: (url, init) => fetch(url, init) },
];

const photoBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

describe.each(drivers)("object storage contract: $name", ({ storage, fetchUrl }) => {
  it("stores an object and reads it back with its content type", async () => {
    await storage().put("photos/a/original.jpg", photoBytes, "image/jpeg");

    const object = await storage().get("photos/a/original.jpg");
    expect(object?.body.equals(photoBytes)).toBe(true);
    expect(object?.contentType).toBe("image/jpeg");
    expect(await storage().head("photos/a/original.jpg")).toEqual({ size: photoBytes.length, contentType: "image/jpeg" });
  });

  it("stores a stream of unknown length as it comes: a large one in parts (a multipart upload on S3), a small one whole", async () => {
    // 20 MB in 64 kB chunks: three parts on S3 (8 + 8 + 4 MB).
    const chunk = (index: number) => Buffer.alloc(64 * 1024, index % 251);
    async function* large() {
      for (let index = 0; index < 320; index += 1) yield chunk(index);
    }
    expect(await storage().putStream("books/owner/large.pdf", large(), "application/pdf")).toEqual({ size: 320 * 64 * 1024 });
    const stored = await storage().get("books/owner/large.pdf");
    expect(stored?.contentType).toBe("application/pdf");
    expect(stored?.body.equals(Buffer.concat(Array.from({ length: 320 }, (_, index) => chunk(index))))).toBe(true);

    async function* small() {
      yield Buffer.from("%PDF-1.7 ");
      yield Buffer.from("%%EOF");
    }
    expect(await storage().putStream("books/owner/small.pdf", small(), "application/pdf")).toEqual({ size: 14 });
    expect((await storage().get("books/owner/small.pdf"))?.body.toString()).toBe("%PDF-1.7 %%EOF");
  });

  it("leaves nothing behind when the stream fails part-way, even after parts were sent", async () => {
    async function* failing() {
      for (let index = 0; index < 160; index += 1) yield Buffer.alloc(64 * 1024, 7);
      throw new Error("The painter failed");
    }
    await expect(storage().putStream("books/owner/failed.pdf", failing(), "application/pdf")).rejects.toThrow("The painter failed");
    expect(await storage().head("books/owner/failed.pdf")).toBeNull();
    expect((await listed(storage(), "books/owner/")).map((object) => object.key)).not.toContain("books/owner/failed.pdf");
  });

  it("signs a download under a name the browser saves it as", async () => {
    await storage().put("books/owner/named.pdf", Buffer.from("%PDF-1.7"), "application/pdf");
    const url = await storage().signedDownloadUrl("books/owner/named.pdf", { expiresInSeconds: 300, downloadName: "the-hughes-2026-11-23.pdf" });
    const response = await fetchUrl(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="the-hughes-2026-11-23.pdf"');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe("%PDF-1.7");
  });

  it("stores a file from disk, streamed, as an object (an export's ZIP)", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "family-book-put-file-"));
    try {
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
      const file = path.join(folder, "export.zip");
      writeFileSync(file, bytes);
      await storage().putFile("exports/a/export.zip", file, "application/zip");
      expect(await storage().head("exports/a/export.zip")).toEqual({ size: bytes.length, contentType: "application/zip" });
      expect((await storage().get("exports/a/export.zip"))?.body.equals(bytes)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("serves one byte range of a signed download (206), so a long recording starts at once and seeks, and 416 past its end", async () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256));
    await storage().put("recordings/a/story.webm", bytes, "audio/webm");
    const url = await storage().signedDownloadUrl("recordings/a/story.webm", { expiresInSeconds: 60 });
    const part = async (range: string) => {
      const response = await fetchUrl(url, { headers: { range } });
      return { status: response.status, contentRange: response.headers.get("content-range"), body: Buffer.from(await response.arrayBuffer()) };
    };

    expect(await part("bytes=1000-1999")).toEqual({ status: 206, contentRange: "bytes 1000-1999/100000", body: bytes.subarray(1000, 2000) });
    expect(await part("bytes=99900-")).toEqual({ status: 206, contentRange: "bytes 99900-99999/100000", body: bytes.subarray(99_900) });
    expect((await fetchUrl(url, { headers: { range: "bytes=100000-" } })).status).toBe(416);
    const whole = await fetchUrl(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("streams an object's bytes with its size and type (a recording read to be checked)", async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 11, 0x2a);
    await storage().put("recordings/c/story.mp3", bytes, "audio/mpeg");
    const object = await storage().openStream("recordings/c/story.mp3");
    expect(object).toMatchObject({ size: bytes.length, contentType: "audio/mpeg" });
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(bytes)).toBe(true);
    expect(await storage().openStream("recordings/c/missing.mp3")).toBeNull();
  });

  it("answers null for an object that does not exist", async () => {
    expect(await storage().get("photos/missing.jpg")).toBeNull();
    expect(await storage().head("photos/missing.jpg")).toBeNull();
  });

  it("serves an object through a signed download URL", async () => {
    await storage().put("photos/b/display.webp", photoBytes, "image/webp");
    const url = await storage().signedDownloadUrl("photos/b/display.webp", { expiresInSeconds: 60 });

    const response = await fetchUrl(url);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await response.arrayBuffer()).equals(photoBytes)).toBe(true);
  });

  it("refuses a download URL that has expired", async () => {
    await storage().put("photos/c/thumb.webp", photoBytes, "image/webp");
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const url = await storage().signedDownloadUrl("photos/c/thumb.webp", { expiresInSeconds: 60, now: anHourAgo });

    const response = await fetchUrl(url);

    expect(response.status).toBe(403);
  });

  it("accepts an upload through a signed upload URL, with the signed content type", async () => {
    const key = `uploads/f/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await storage().signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });

    const response = await sendUpload(fetchUrl, upload, photoBytes);

    expect(response.ok).toBe(true);
    expect(await storage().get(key)).toEqual({ body: photoBytes, contentType: "image/jpeg" });
  });

  it("lists the objects under a prefix with their size and time, and nothing else", async () => {
    const before = new Date(Date.now() - 60_000);
    await storage().put("listing/a/one.jpg", photoBytes, "image/jpeg");
    await storage().put("listing/a/two.jpg", Buffer.from("12"), "image/jpeg");
    await storage().put("listing/b/three.jpg", photoBytes, "image/jpeg");
    await storage().put("listing-elsewhere/four.jpg", photoBytes, "image/jpeg");

    const everything = await listed(storage(), "listing/");
    expect(everything.map((object) => [object.key, object.size])).toEqual([
      ["listing/a/one.jpg", photoBytes.length],
      ["listing/a/two.jpg", 2],
      ["listing/b/three.jpg", photoBytes.length],
    ]);
    for (const object of everything) expect(object.lastModified.getTime()).toBeGreaterThan(before.getTime());
    expect((await listed(storage(), "listing/a/")).map((object) => object.key)).toEqual(["listing/a/one.jpg", "listing/a/two.jpg"]);
    expect((await listed(storage(), "listing/a/t")).map((object) => object.key)).toEqual(["listing/a/two.jpg"]);
    expect(await listed(storage(), "nothing-here/")).toEqual([]);

    await storage().delete("listing/a/two.jpg");
    expect((await listed(storage(), "listing/a/")).map((object) => object.key)).toEqual(["listing/a/one.jpg"]);
  });

  it("deletes an object, and deleting it again is not an error", async () => {
    await storage().put("photos/g/original.jpg", photoBytes, "image/jpeg");

    await storage().delete("photos/g/original.jpg");
    await storage().delete("photos/g/original.jpg");

    expect(await storage().get("photos/g/original.jpg")).toBeNull();
  });

  it("refuses keys that could escape the store", async () => {
    await expect(storage().put("../outside.jpg", photoBytes, "image/jpeg")).rejects.toThrow("Invalid storage key");
    await expect(storage().put("/etc/passwd", photoBytes, "image/jpeg")).rejects.toThrow("Invalid storage key");
  });
});

// s3rver checks neither signatures nor POST policies (real S3 does both), so what is tested for S3
// is what the signed policy says; the local driver's own checks are tested for real.
describe("S3 uploads: a presigned POST whose policy binds the key, the type and the size", () => {
  it("signs a policy that S3 enforces: this key only, this content type only, 1 byte to 5 MB, for the given minutes", async () => {
    const signedAt = Date.now();
    const upload = await s3Storage.signedUploadUrl("uploads/p/photo", { expiresInSeconds: 900, contentType: "image/png", maxBytes: MAX_PHOTO_BYTES });

    expect(upload.method).toBe("POST");
    expect(upload.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(upload.headers).toEqual({});
    expect(upload.fields).toMatchObject({ key: "uploads/p/photo", "Content-Type": "image/png", "X-Amz-Algorithm": "AWS4-HMAC-SHA256" });
    expect(upload.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, "base64").toString("utf8")) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, MAX_PHOTO_BYTES],
        ["eq", "$Content-Type", "image/png"],
        { key: "uploads/p/photo" },
        { bucket: s3.bucket },
      ]),
    );
    // No condition lets the key or the type vary.
    expect(policy.conditions.filter((condition) => Array.isArray(condition) && condition[0] === "starts-with")).toEqual([]);
    // Signed at our clock plus the SDK's measured offset to the storage service's, which comes
    // from whole-second Date headers: here, on one machine, less than a second either way.
    const expiration = new Date(policy.expiration).getTime();
    expect(expiration).toBeGreaterThanOrEqual(Math.floor(signedAt / 1000) * 1000 + 900_000 - 1_000);
    expect(expiration).toBeLessThanOrEqual(Date.now() + 900_000 + 1_000);
    // The upload says the expiration S3 enforces, in our clock.
    expect(Math.abs(upload.expiresAt.getTime() - expiration)).toBeLessThan(1_000);
    expect(upload.expiresAt.getTime()).toBeGreaterThanOrEqual(signedAt + 900_000 - 1_000);
    expect(upload.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 900_000);
  });
});

// s3rver does not check signatures (real S3 does), so signature checks are the local driver's.
describe("local driver signatures and limits", () => {
  // Beyond what s3rver, standing in for S3 in these tests, answers as S3 does.
  it("serves the last n bytes, and says the object's size when a range lies past its end", async () => {
    const bytes = Buffer.from(Array.from({ length: 5_000 }, (_, index) => index % 256));
    await localStorage.put("recordings/b/story.m4a", bytes, "audio/mp4");
    const url = await localStorage.signedDownloadUrl("recordings/b/story.m4a", { expiresInSeconds: 60 });
    const last = await callLocalRoute(url, { headers: { range: "bytes=-10" } });
    expect(last.status).toBe(206);
    expect(last.headers.get("content-range")).toBe("bytes 4990-4999/5000");
    expect(Buffer.from(await last.arrayBuffer()).equals(bytes.subarray(4_990))).toBe(true);
    const past = await callLocalRoute(url, { headers: { range: "bytes=6000-7000" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */5000");
    // Several ranges at once, or a range with If-Range: the whole object.
    expect((await callLocalRoute(url, { headers: { range: "bytes=0-1,5-9" } })).status).toBe(200);
    expect((await callLocalRoute(url, { headers: { range: "bytes=0-1", "if-range": '"etag"' } })).status).toBe(200);
  });

  it("refuses a download URL whose signature was tampered with", async () => {
    await localStorage.put("photos/d/thumb.webp", photoBytes, "image/webp");
    const url = new URL(await localStorage.signedDownloadUrl("photos/d/thumb.webp", { expiresInSeconds: 60 }), localOrigin);
    const signatureParameter = url.searchParams.has("signature") ? "signature" : "X-Amz-Signature";
    const signature = url.searchParams.get(signatureParameter)!;
    url.searchParams.set(signatureParameter, `${signature.slice(0, -2)}${signature.endsWith("aa") ? "bb" : "aa"}`);

    const response = await callLocalRoute(url.toString());

    expect(response.status).toBe(403);
  });

  it("refuses a signed URL used for another object", async () => {
    await localStorage.put("photos/e/one.webp", photoBytes, "image/webp");
    await localStorage.put("photos/e/two.webp", photoBytes, "image/webp");
    const url = await localStorage.signedDownloadUrl("photos/e/one.webp", { expiresInSeconds: 60 });

    const response = await callLocalRoute(url.replace("photos/e/one.webp", "photos/e/two.webp"));

    expect(response.status).toBe(403);
  });

  it("refuses an upload whose content type differs from the signed one", async () => {
    const key = `uploads/h/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await localStorage.signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });

    const response = await callLocalRoute(upload.url, { method: "PUT", headers: { "Content-Type": "text/html" }, body: "<script>" });

    expect(response.status).toBe(403);
    expect(await localStorage.get(key)).toBeNull();
  });

  it("refuses an upload larger than 5 MB with 413", async () => {
    const key = `uploads/i/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await localStorage.signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });

    const response = await callLocalRoute(upload.url, {
      method: "PUT",
      headers: upload.headers,
      body: Buffer.alloc(5 * 1024 * 1024 + 1),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, data: null, error: "Photos can be at most 5MB." });
    expect(await localStorage.get(key)).toBeNull();
  });

  it("refuses a chunked upload (no Content-Length) with 413 as soon as it passes 5 MB, reading no more than as much again to drop, and keeping nothing", async () => {
    const key = `uploads/k/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await localStorage.signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });
    // 400 MB on offer, 64 kB at a time, produced only when the route asks for more.
    const chunk = new Uint8Array(64 * 1024).fill(7);
    let produced = 0;
    let dropped: () => void;
    const cancelled = new Promise<void>((resolve) => (dropped = resolve));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= 400 * 1024 * 1024) return controller.close();
        produced += chunk.length;
        controller.enqueue(chunk);
      },
      cancel: () => dropped(),
    });
    const request = new Request(new URL(upload.url, localOrigin), { method: "PUT", headers: upload.headers, body, duplex: "half" } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const keyParts = new URL(upload.url, localOrigin).pathname.replace(/^\/api\/storage\//, "").split("/");

    const response = await PUT(request, { params: Promise.resolve({ key: keyParts }) });

    expect(response.status).toBe(413);
    // The cap, then as much again read and dropped so a client still sending reads the 413
    // (docs/decisions/007-bounded-requests.md), then the body is cancelled: what the stream had
    // produced by then is nowhere near 400 MB.
    await cancelled;
    expect(produced).toBeLessThan(MAX_PHOTO_BYTES + discardBound(MAX_PHOTO_BYTES) + 4 * chunk.length);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ success: false, data: null, error: "Photos can be at most 5MB." });
    expect(await localStorage.get(key)).toBeNull();
    expect(readdirSync(path.join(localRoot, "uploads", "k"))).toEqual([]);
  });

  it("takes at most the size the upload URL was signed for, and a changed size is a changed signature", async () => {
    const key = `uploads/l/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await localStorage.signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: 10 });

    const tooLarge = await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: Buffer.alloc(11) });
    expect(tooLarge.status).toBe(413);

    const raised = await callLocalRoute(upload.url.replace("max=10", "max=100"), { method: "PUT", headers: upload.headers, body: Buffer.alloc(11) });
    expect(raised.status).toBe(403);
    expect(await raised.json()).toEqual({ success: false, data: null, error: "This link is not valid." });

    const fits = await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: Buffer.alloc(10) });
    expect(fits.status).toBe(200);
  });

  it("refuses a PUT once the upload is no longer pending (a memory took it), so a used URL parks nothing", async () => {
    const key = `uploads/m/${randomUUID()}`;
    await pendingUpload(key);
    const upload = await localStorage.signedUploadUrl(key, { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });
    expect((await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: photoBytes })).status).toBe(200);
    // A retry while the upload is still pending is fine.
    expect((await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: photoBytes })).status).toBe(200);
    // What saving a memory does: the row goes, then the object.
    await (await getDb()).photoUpload.delete({ where: { key } });
    await localStorage.delete(key);

    const again = await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: Buffer.alloc(4 * 1024 * 1024, 1) });

    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ success: false, data: null, error: "This upload link can no longer be used." });
    expect(await localStorage.head(key)).toBeNull();
  });

  it("refuses a PUT to a key no upload ever named, even with a good signature", async () => {
    const upload = await localStorage.signedUploadUrl("uploads/n/never", { expiresInSeconds: 60, contentType: "image/jpeg", maxBytes: MAX_PHOTO_BYTES });

    const response = await callLocalRoute(upload.url, { method: "PUT", headers: upload.headers, body: photoBytes });

    expect(response.status).toBe(403);
    expect(await localStorage.head("uploads/n/never")).toBeNull();
  });

  it("never accepts a link it did not sign, whatever its expiry, size and signature say (fuzzed)", () => {
    const text = fc.oneof(fc.constant(null), fc.string(), fc.stringMatching(/^[0-9]{1,12}$/), fc.base64String());
    fc.assert(
      fc.property(fc.constantFrom("GET" as const, "PUT" as const), text, text, text, text, (method, expires, maxBytes, signature, contentType) => {
        const verdict = localStorage.verify({ method, key: "uploads/o/photo", expires, maxBytes, signature, contentType });
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("answers expired and invalid links with a clear envelope", async () => {
    await localStorage.put("photos/j/thumb.webp", photoBytes, "image/webp");
    const expired = await localStorage.signedDownloadUrl("photos/j/thumb.webp", { expiresInSeconds: 1, now: new Date(0) });

    const response = await callLocalRoute(expired);

    expect(await response.json()).toEqual({ success: false, data: null, error: "This link has expired." });
    expect(await (await callLocalRoute("/api/storage/photos/j/thumb.webp")).json()).toEqual({
      success: false,
      data: null,
      error: "This link is not valid.",
    });
  });
});
