import { beforeAll, describe, expect, it } from "vitest";
import { sweepStaleUploads } from "@/server/memories/sweep-stale-uploads";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { requestUpload, sendToStorage, uploadPhoto } from "../helpers/uploads";

// Upload slots (POST /api/memories/uploads) on the local driver: what a ticket says, that a used
// URL takes no more bytes, how many a person may hold and ask for, and what the sweep removes.

let owner: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, stranger } = await createFamilies());
});

const pendingCount = async (account: TestAccount) => (await getDb()).photoUpload.count({ where: { user_id: account.user.id } });

describe("an upload ticket", () => {
  it("says how to send the file: a PUT with its content type, no form fields, for fifteen minutes", async () => {
    const result = await requestUpload(owner.token, "lake.jpg", 1000);

    expect(result.status).toBe(201);
    const upload = result.body.data.upload;
    expect(Object.keys(upload).sort()).toEqual(["expires_at", "fields", "headers", "id", "method", "url"]);
    expect(upload).toMatchObject({ method: "PUT", headers: { "Content-Type": "image/jpeg" }, fields: {} });
    expect(upload.url).toMatch(new RegExp(`^/api/storage/uploads/${owner.user.id}/${upload.id}\\?expires=\\d+&max=5242880&signature=`));
    const minutesLeft = (new Date(upload.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
  });

  it("stops taking bytes once a memory has used the upload: a re-PUT of 4 MB is refused and nothing stays behind", async () => {
    const ticket = await requestUpload(owner.token, "used.jpg", 1000);
    const upload = ticket.body.data.upload;
    expect((await sendToStorage(upload, await jpeg())).status).toBe(200);
    await createMemoryAs(owner.token, { uploadIds: [upload.id] });
    const key = `uploads/${owner.user.id}/${upload.id}`;
    expect(await getStorage().head(key)).toBeNull();

    const again = await sendToStorage(upload, Buffer.alloc(4 * 1024 * 1024, 1));

    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ success: false, data: null, error: "This upload link can no longer be used." });
    expect(await getStorage().head(key)).toBeNull();
  });
});

describe("limits on upload slots", () => {
  it("lets a person hold at most 25 unsaved uploads, even when 30 are asked for at once", async () => {
    const person = await createAccount();

    const results = await Promise.all(Array.from({ length: 30 }, (_, index) => requestUpload(person.token, `p${index}.jpg`, 1000)));

    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(25);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = results.find((result) => result.status === 429)!;
    expect(refused.body.error).toBe(
      "You have 25 uploaded photos that are not saved in a memory yet. Save your memory first; unsaved photos are cleared after a day.",
    );
    // Free again when the oldest is cleared, a day after it was asked for.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 60 * 60);
    expect(await pendingCount(person)).toBe(25);
    // Someone else's uploads are theirs: they do not count against this person, nor the reverse.
    expect((await requestUpload(stranger.token, "mine.jpg", 1000)).status).toBe(201);
  });

  it("frees a slot when a memory saves the photo", async () => {
    const person = await createAccount();
    const ids = await Promise.all(Array.from({ length: 25 }, async (_, index) => (await requestUpload(person.token, `q${index}.jpg`, 1000)).body.data.upload));
    expect((await requestUpload(person.token, "one-too-many.jpg", 1000)).status).toBe(429);
    const first = ids[0]!;
    expect((await sendToStorage(first, await jpeg())).status).toBe(200);
    await createMemoryAs(person.token, { uploadIds: [first.id] });

    expect((await requestUpload(person.token, "now-it-fits.jpg", 1000)).status).toBe(201);
  });

  it("answers 429 with a clear message after 60 upload requests in fifteen minutes", async () => {
    const person = await createAccount();
    const prisma = await getDb();
    for (let index = 0; index < 60; index += 1) {
      const result = await requestUpload(person.token, `r${index}.jpg`, 1000);
      expect(result.status).toBe(201);
      // Saved at once (as if a memory took it), so the 25-upload cap never comes into play.
      await prisma.photoUpload.delete({ where: { id: result.body.data.upload.id } });
    }

    const refused = await requestUpload(person.token, "r60.jpg", 1000);

    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Too many photo uploads in a short time. Please wait 15 minutes and try again.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await pendingCount(person)).toBe(0);
  });
});

describe("sweeping uploads/", () => {
  it("removes objects no pending upload names once their URL's window is over, and keeps pending uploads and fresh objects", async () => {
    const person = await createAccount();
    const pending = await uploadPhoto(person.token, "waiting.jpg", await jpeg());
    const prisma = await getDb();
    const pendingKey = (await prisma.photoUpload.findUniqueOrThrow({ where: { id: pending } })).key;
    // Left by a URL whose upload is gone (a memory used it, or the sweep removed it).
    const orphanKey = `uploads/${person.user.id}/00000000-0000-4000-8000-000000000000`;
    await getStorage().put(orphanKey, Buffer.alloc(1024, 1), "image/jpeg");
    // Photos of memories live elsewhere and are never looked at.
    await getStorage().put(`photos/${person.user.id}/kept.jpg`, Buffer.alloc(10), "image/jpeg");

    expect((await sweepStaleUploads()).orphans).toBe(0);
    expect(await getStorage().head(orphanKey)).not.toBeNull();

    const later = await sweepStaleUploads({ now: new Date(Date.now() + 16 * 60 * 1000) });

    expect(later.orphans).toBeGreaterThanOrEqual(1);
    expect(await getStorage().head(orphanKey)).toBeNull();
    expect(await getStorage().head(pendingKey)).not.toBeNull();
    expect(await getStorage().head(`photos/${person.user.id}/kept.jpg`)).not.toBeNull();
    expect(await prisma.photoUpload.count({ where: { id: pending } })).toBe(1);
  });
});
