import "server-only";
import { printVariant } from "@/server/memories/photo-pipeline";
import sharp from "@/server/platform/images/sharp";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";

// Photos for print (docs/decisions/032-books-at-scale.md): each photo's print variant, a JPEG the
// PDF embeds as it is, so making a book decodes no photo. A photo saved before print variants
// existed and not yet reached by the backfill is made from its display size (decoded, scaled and
// encoded like a print variant) for this book alone. Nothing is kept after the photo's page is
// painted, and at most two photos are fetched or made at a time.

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

export type PrintSource = { print_key: string | null; display_key: string };

export function printPhotoLoader(storage: ObjectStorage, photo: PrintSource, limit: ReturnType<typeof createLimiter>) {
  return () =>
    limit(async () => {
      if (photo.print_key) {
        const object = await storage.get(photo.print_key);
        if (object) return object.body;
      }
      const object = await storage.get(photo.display_key);
      if (!object) throw new Error(`Photo ${photo.display_key} is missing from storage`);
      return printVariant(sharp(object.body));
    });
}
