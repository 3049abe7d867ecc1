import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/api/storage/[...key]/route";
import { LocalObjectStorage } from "@/server/storage/local-storage";
import type { ObjectStorage } from "@/server/storage/object-storage";
import { S3ObjectStorage } from "@/server/storage/s3-storage";
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

  it("accepts an upload through a signed upload URL", async () => {
    const upload = await storage().signedUploadUrl("uploads/f/original", { expiresInSeconds: 60, contentType: "image/jpeg" });

    const response = await fetchUrl(upload.url, { method: upload.method, headers: upload.headers, body: photoBytes });

    expect(response.status).toBe(200);
    expect((await storage().get("uploads/f/original"))?.body.equals(photoBytes)).toBe(true);
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

// s3rver does not check signatures (real S3 does), so signature checks are the local driver's.
describe("local driver signatures and limits", () => {
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
    const upload = await localStorage.signedUploadUrl("uploads/h/original", { expiresInSeconds: 60, contentType: "image/jpeg" });

    const response = await callLocalRoute(upload.url, { method: "PUT", headers: { "Content-Type": "text/html" }, body: "<script>" });

    expect(response.status).toBe(403);
    expect(await localStorage.get("uploads/h/original")).toBeNull();
  });

  it("refuses an upload larger than 5 MB with 413", async () => {
    const upload = await localStorage.signedUploadUrl("uploads/i/original", { expiresInSeconds: 60, contentType: "image/jpeg" });

    const response = await callLocalRoute(upload.url, {
      method: "PUT",
      headers: upload.headers,
      body: Buffer.alloc(5 * 1024 * 1024 + 1),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, data: null, error: "Photos can be at most 5MB." });
    expect(await localStorage.get("uploads/i/original")).toBeNull();
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
