import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { playableKeyOf } from "@/server/recordings/playable-copy";
import { recordingDtoSchema, recordingRecordSchema, toRecordingDto } from "@/server/recordings/recording-dto";

// The Memory of docs/product.md §3 as the API and the screens show it. Photo and recording URLs are
// signed here, and only for memories the caller already proved the viewer may see.

/** A calendar date (YYYY-MM-DD) as stored: a DATE, midnight UTC. */
export const fromIsoDate = (value: string) => new Date(`${value}T00:00:00.000Z`);

const name = { first_name: z.string(), last_name: z.string() };

/**
 * A memory as the one statement that reads memories writes it (read-memories.ts): already in the
 * DTO's shape, dates as the API writes them, except that photos carry their storage keys, which
 * are signed into URLs below and never leave the server. Checked against every row in tests.
 */
export const memoryRecordSchema = z.strictObject({
  id: z.guid(),
  user_id: z.guid().nullable().meta({
    description: 'The author; null once they deleted their account and left it to the family (profiles then holds the name they left, or "A former member").',
  }),
  title: z.string(),
  content: z.string(),
  memory_date: z.iso.date(),
  is_shared: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  profiles: z.strictObject(name),
  memory_photos: z.array(z.strictObject({ id: z.guid(), order_number: z.number().int(), display_key: z.string(), thumbnail_key: z.string() })),
  memory_tags: z.array(
    z.strictObject({
      id: z.guid(),
      tagged_user_id: z
        .guid()
        .nullable()
        .meta({ description: "The tagged member; null for a plain-text tag, left when the person left the family (profiles.first_name holds the name)." }),
      profiles: z.strictObject(name),
    }),
  ),
  recording: recordingRecordSchema.nullable().meta({ description: "The memory told out loud, if its author gave it a recording." }),
});
export type MemoryRecord = z.output<typeof memoryRecordSchema>;

/** A memory as the API answers it: its record, with the keys of its photos and recording signed into URLs (profiles is the author). */
export const memoryDtoSchema = memoryRecordSchema.extend({
  memory_photos: z.array(z.strictObject({ id: z.guid(), photo_url: z.string(), thumbnail_url: z.string(), order_number: z.number().int() })),
  recording: recordingDtoSchema.nullable().meta({ description: "The memory told out loud, if its author gave it a recording." }),
});

export type MemoryDto = z.output<typeof memoryDtoSchema>;
export type MemoryPhotoDto = MemoryDto["memory_photos"][number];
export type MemoryTagDto = MemoryDto["memory_tags"][number];

/** Memories as the API shows them; every photo and recording URL of the batch is signed together. */
export async function toMemoryDtos(records: MemoryRecord[], storage: ObjectStorage, now = clock.now()): Promise<MemoryDto[]> {
  const signing = downloadUrlSigning(now);
  const keys = records.flatMap((record) => [
    ...record.memory_photos.flatMap((photo) => [photo.display_key, photo.thumbnail_key]),
    ...(record.recording ? [record.recording.original_key] : []),
    ...(record.recording?.playable_copy ? [playableKeyOf(record.recording.original_key)] : []),
  ]);
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
    profiles: { first_name: record.profiles.first_name, last_name: record.profiles.last_name },
    memory_photos: record.memory_photos.map((photo) => ({
      id: photo.id,
      photo_url: urls.get(photo.display_key)!,
      thumbnail_url: urls.get(photo.thumbnail_key)!,
      order_number: photo.order_number,
    })),
    memory_tags: record.memory_tags.map((tag) => ({
      id: tag.id,
      tagged_user_id: tag.tagged_user_id,
      profiles: { first_name: tag.profiles.first_name, last_name: tag.profiles.last_name },
    })),
    recording:
      record.recording &&
      toRecordingDto(
        record.recording,
        urls.get(record.recording.original_key)!,
        record.recording.playable_copy ? urls.get(playableKeyOf(record.recording.original_key))! : null,
      ),
  }));
}
