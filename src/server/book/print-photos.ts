import "server-only";
import sharp from "@/server/images/sharp";
import type { ObjectStorage } from "@/server/storage/object-storage";

// Photos for print: the display-size variant, downscaled to what ~300 dpi needs at the size it is
// printed (a half-page column is about 3.3 inches, so 1000 px), re-encoded as JPEG. Decoding is
// limited to a couple of photos at a time so a 200-photo book never holds 200 decoded images.

export const PRINT_PHOTO_MAX_PIXELS = 1000;

export function createLimiter(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function printPhotoLoader(storage: ObjectStorage, key: string, limit: ReturnType<typeof createLimiter>) {
  let result: Promise<Buffer> | undefined;
  return () =>
    (result ??= limit(async () => {
      const object = await storage.get(key);
      if (!object) throw new Error(`Photo ${key} is missing from storage`);
      return sharp(object.body)
        .resize({ width: PRINT_PHOTO_MAX_PIXELS, height: PRINT_PHOTO_MAX_PIXELS, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toBuffer();
    }));
}
