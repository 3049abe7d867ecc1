import "server-only";
import { z } from "zod";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { sharedWith } from "@/server/memories/memory-visibility";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";

// The photos a reader may put on the book's cover: every photo of the memories their family
// shared (memories/memory-visibility.ts), the newest first, a page at a time.

export const coverPhotoDtoSchema = z.strictObject({
  id: z.guid(),
  thumbnail_url: z.string(),
  memory_title: z.string(),
  /** YYYY-MM-DD */
  memory_date: z.string(),
  /** The photo's place among its memory's photos, counted from 1, and how many the memory has. */
  position: z.number().int(),
  memory_photo_count: z.number().int(),
});

export const coverPhotoPageSchema = z.strictObject({
  photos: z.array(coverPhotoDtoSchema),
  next_cursor: z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." }),
});

export type CoverPhotoDto = z.output<typeof coverPhotoDtoSchema>;

export async function listCoverPhotos({ viewer, page = FIRST_PAGE, now = clock.now() }: { viewer: UserDto; page?: Page; now?: Date }) {
  const prisma = await getDb();
  const rows = await prisma.memoryPhoto.findMany({
    where: { memory: sharedWith(viewer) },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: page.limit + 1,
    ...(page.cursor && { cursor: { id: page.cursor }, skip: 1 }),
    select: {
      id: true,
      thumbnail_key: true,
      memory: {
        select: { title: true, memory_date: true, memory_photos: { select: { id: true }, orderBy: [{ order_number: "asc" }, { created_at: "asc" }] } },
      },
    },
  });
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const storage = getStorage();
  const signing = downloadUrlSigning(now);
  const photos = await Promise.all(
    shown.map(async (row) => ({
      id: row.id,
      thumbnail_url: await storage.signedDownloadUrl(row.thumbnail_key, signing),
      memory_title: row.memory.title,
      memory_date: row.memory.memory_date.toISOString().slice(0, 10),
      position: row.memory.memory_photos.findIndex((photo) => photo.id === row.id) + 1,
      memory_photo_count: row.memory.memory_photos.length,
    })),
  );
  return { photos, next_cursor: more ? shown.at(-1)!.id : null };
}
