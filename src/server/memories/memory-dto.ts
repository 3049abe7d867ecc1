import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { ObjectStorage } from "@/server/storage/object-storage";

// The Memory of SPEC §3 as the API and the screens show it. Photo URLs are signed here, and only
// for memories the caller already proved the viewer may see.

export const PHOTO_URL_LIFETIME_SECONDS = 60 * 60;
/** Photo URLs are signed per window of this length, so every page load in it gets the same URLs. */
export const PHOTO_URL_WINDOW_SECONDS = 30 * 60;

/**
 * How to sign photo URLs handed out at `now`: from the start of the current window, valid for the
 * lifetime plus one window. Each URL stays valid for at least the lifetime after it is handed out,
 * and a reader's browser (or a CDN) finds the photos it already has under the same addresses.
 */
export function photoUrlSigning(now: Date) {
  const windowStart = Math.floor(now.getTime() / 1000 / PHOTO_URL_WINDOW_SECONDS) * PHOTO_URL_WINDOW_SECONDS;
  return { now: new Date(windowStart * 1000), expiresInSeconds: PHOTO_URL_LIFETIME_SECONDS + PHOTO_URL_WINDOW_SECONDS };
}

export type MemoryPhotoDto = { id: string; photo_url: string; thumbnail_url: string; order_number: number };
export type MemoryTagDto = { id: string; tagged_user_id: string; profiles: { first_name: string; last_name: string } };
export type MemoryDto = {
  id: string;
  user_id: string;
  title: string;
  content: string;
  memory_date: string;
  is_shared: boolean;
  created_at: string;
  updated_at: string;
  /** The author. */
  profiles: { first_name: string; last_name: string };
  memory_photos: MemoryPhotoDto[];
  memory_tags: MemoryTagDto[];
};

/** One query per relation, however many memories, photos and tags: never N+1. */
export const memoryInclude = {
  user: { select: { first_name: true, last_name: true } },
  memory_photos: {
    select: { id: true, order_number: true, display_key: true, thumbnail_key: true },
    orderBy: [{ order_number: "asc" }, { created_at: "asc" }],
  },
  memory_tags: {
    select: { id: true, tagged_user_id: true, tagged_user: { select: { first_name: true, last_name: true } } },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.MemoryInclude;


/**
 * A memory as read from the database, its dates already as the API writes them: the calendar
 * day (YYYY-MM-DD) and ISO timestamps. The list query produces it in SQL; a Prisma row becomes
 * one through fromMemoryRow.
 */
export type MemoryRecord = {
  id: string;
  user_id: string;
  title: string;
  content: string;
  memory_date: string;
  is_shared: boolean;
  created_at: string;
  updated_at: string;
  author: { first_name: string; last_name: string };
  photos: { id: string; order_number: number; display_key: string; thumbnail_key: string }[];
  tags: { id: string; tagged_user_id: string; first_name: string; last_name: string }[];
};

type MemoryRow = Omit<MemoryRecord, "memory_date" | "created_at" | "updated_at" | "author" | "photos" | "tags"> & {
  memory_date: Date;
  created_at: Date;
  updated_at: Date;
  user: { first_name: string; last_name: string };
  memory_photos: MemoryRecord["photos"];
  memory_tags: { id: string; tagged_user_id: string; tagged_user: { first_name: string; last_name: string } }[];
};

/** Calendar dates are stored as DATE: midnight UTC, so the ISO day is the date itself. */
export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);
export const fromIsoDate = (value: string) => new Date(`${value}T00:00:00.000Z`);

/** A row read with memoryInclude, as a record. */
export function fromMemoryRow(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    content: row.content,
    memory_date: toIsoDate(row.memory_date),
    is_shared: row.is_shared,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    author: row.user,
    photos: row.memory_photos,
    tags: row.memory_tags.map((tag) => ({ id: tag.id, tagged_user_id: tag.tagged_user_id, ...tag.tagged_user })),
  };
}

/** Memories as the API shows them; every photo URL of the batch is signed together. */
export async function toMemoryDtos(records: MemoryRecord[], storage: ObjectStorage, now = new Date()): Promise<MemoryDto[]> {
  const signing = photoUrlSigning(now);
  const keys = records.flatMap((record) => record.photos.flatMap((photo) => [photo.display_key, photo.thumbnail_key]));
  const urls = new Map(await Promise.all(keys.map(async (key) => [key, await storage.signedDownloadUrl(key, signing)] as const)));
  return records.map((record) => ({
    id: record.id,
    user_id: record.user_id,
    title: record.title,
    content: record.content,
    memory_date: record.memory_date,
    is_shared: record.is_shared,
    created_at: record.created_at,
    updated_at: record.updated_at,
    profiles: { first_name: record.author.first_name, last_name: record.author.last_name },
    memory_photos: record.photos.map((photo) => ({
      id: photo.id,
      photo_url: urls.get(photo.display_key)!,
      thumbnail_url: urls.get(photo.thumbnail_key)!,
      order_number: photo.order_number,
    })),
    memory_tags: record.tags.map((tag) => ({
      id: tag.id,
      tagged_user_id: tag.tagged_user_id,
      profiles: { first_name: tag.first_name, last_name: tag.last_name },
    })),
  }));
}
