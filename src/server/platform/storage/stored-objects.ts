import "server-only";
import type { ObjectStorage } from "./object-storage";

// What every part that keeps files in storage (photos, recordings, prepared files) shares: how its
// download addresses are signed, and how its files are removed.

export const DOWNLOAD_URL_LIFETIME_SECONDS = 60 * 60;
/** Download URLs are signed per window of this length, so every page load in it gets the same URLs. */
export const DOWNLOAD_URL_WINDOW_SECONDS = 30 * 60;

/**
 * How to sign download URLs handed out at `now`: from the start of the current window, valid for
 * the lifetime plus one window. Each URL stays valid for at least the lifetime after it is handed
 * out, and a reader's browser (or a CDN) finds the files it already has under the same addresses.
 */
export function downloadUrlSigning(now: Date) {
  const windowStart = Math.floor(now.getTime() / 1000 / DOWNLOAD_URL_WINDOW_SECONDS) * DOWNLOAD_URL_WINDOW_SECONDS;
  return { now: new Date(windowStart * 1000), expiresInSeconds: DOWNLOAD_URL_LIFETIME_SECONDS + DOWNLOAD_URL_WINDOW_SECONDS };
}

/** Removes stored files; one that cannot be removed now is left to the nightly sweep. */
export async function deleteObjects(storage: ObjectStorage, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.filter((result) => result.status === "rejected").length;
  if (failed > 0) console.warn(`Could not delete ${failed} stored object(s); the nightly sweep removes them.`);
}
