import { expect } from "vitest";
import { GET as storageGet } from "@/app/api/storage/[...key]/route";
import { getStorage } from "@/server/platform/storage";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { ORIGIN } from "./api";

// What the local photo and recording storage holds and serves, read the way a browser reads it:
// through the app's own storage route, at the signed addresses the API hands out.

/** Fetches a signed address of the local storage through the app's storage route. */
export function fetchSigned(url: string | URL, headers: Record<string, string> = {}) {
  const absolute = new URL(url, ORIGIN);
  const key = absolute.pathname
    .replace(/^\/api\/storage\//, "")
    .split("/")
    .map(decodeURIComponent);
  return storageGet(new Request(absolute, { headers }), { params: Promise.resolve({ key }) });
}

/** Follows the app's redirect (302) to a signed address, and the bytes served there. */
export async function bytesBehind(redirected: { status: number; headers: Headers }) {
  expect(redirected.status).toBe(302);
  const response = await fetchSigned(redirected.headers.get("location")!);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The stored objects of the recording of one memory, answer or follow-up question (recordings/<its id>/…), sorted. */
export async function storedRecordingsOf(ownerId: string) {
  const keys: string[] = [];
  for await (const object of getStorage().list(`${RECORDINGS_PREFIX}${ownerId}/`)) keys.push(object.key);
  return keys.sort();
}
