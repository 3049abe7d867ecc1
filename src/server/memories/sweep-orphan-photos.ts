import "server-only";
import { z } from "zod";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { recordingObjectKeys } from "@/server/recordings/playable-copy";
import { RECORDINGS_PREFIX } from "@/server/recordings/recordings";
import { PHOTO_KEYS_SELECT, photoKeys } from "./photo-pipeline";

export const MEMORY_PHOTOS_PREFIX = "memories/";
export const ANSWER_PHOTOS_PREFIX = "answers/";
/**
 * An object this young may belong to a memory being saved right now: its photos are written
 * before the transaction that records them commits.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH_SIZE = 500;

/**
 * Removes photo and recording objects that no photo or recording names: left by a save that failed
 * between writing its photos and recording them, by a removal whose delete did not reach storage,
 * or by an account deleted with its memories. Storage is listed by prefix (memories/,
 * answers/ and recordings/), so an object is found whether or not any row ever led to it; each batch of keys is
 * then checked against every key a photo row of either kind holds (original, display size,
 * thumbnail, print size, a recording's original) — an answer's photo moved from a reply memory keeps its memories/ key.
 */
export async function sweepOrphanPhotos({ now = clock.now() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const storage = getStorage();
  const writtenBefore = now.getTime() - ORPHAN_GRACE_MS;
  let checked = 0;
  let removed = 0;
  let candidates: string[] = [];
  const removeUnreferenced = async () => {
    const naming = {
      OR: [{ original_key: { in: candidates } }, { display_key: { in: candidates } }, { thumbnail_key: { in: candidates } }, { print_key: { in: candidates } }],
    };
    const [ofMemories, ofAnswers, recordings] = await Promise.all([
      prisma.memoryPhoto.findMany({ where: naming, select: PHOTO_KEYS_SELECT }),
      prisma.responsePhoto.findMany({ where: naming, select: PHOTO_KEYS_SELECT }),
      // A playable copy is named by its original's key (original + ".m4a").
      prisma.recording.findMany({
        where: { original_key: { in: [...candidates, ...candidates.map((key) => key.replace(/\.m4a$/, ""))] } },
        select: { original_key: true, playable_copy: true },
      }),
    ]);
    const kept = new Set([
      ...[...ofMemories, ...ofAnswers].flatMap(photoKeys),
      ...recordings.flatMap((recording) => (recording.playable_copy ? recordingObjectKeys(recording.original_key) : [recording.original_key])),
    ]);
    const orphaned = candidates.filter((key) => !kept.has(key));
    await deleteObjects(storage, orphaned);
    checked += candidates.length;
    removed += orphaned.length;
    candidates = [];
  };
  for (const prefix of [MEMORY_PHOTOS_PREFIX, ANSWER_PHOTOS_PREFIX, RECORDINGS_PREFIX]) {
    for await (const object of storage.list(prefix)) {
      if (object.lastModified.getTime() >= writtenBefore) continue;
      candidates.push(object.key);
      if (candidates.length >= BATCH_SIZE) await removeUnreferenced();
    }
  }
  if (candidates.length > 0) await removeUnreferenced();
  return { checked, removed };
}

export const sweepOrphanPhotosJob = defineJob({
  name: "housekeeping.orphan-photos",
  schema: z.null(),
  handler: (_data, attempt) => sweepOrphanPhotos({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  // Listing a large bucket takes a while; a pass that is really lost is retried after this.
  expireInSeconds: 60 * 60,
  // Daily, at a quiet hour for most families; the whole photo prefix is listed each time.
  schedule: "0 3 * * *",
  policy: "exclusive",
});
