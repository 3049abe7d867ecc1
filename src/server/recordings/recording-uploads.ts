import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_RECORDING_BYTES, RECORDING_PART_BYTES } from "@/lib/constants";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import {
  RECORDING_PART_EMPTY,
  RECORDING_PART_PAST_END,
  RECORDING_PART_TOO_LARGE,
  RECORDING_UPLOAD_INCOMPLETE,
  RECORDING_UPLOAD_NOT_FOUND,
  recordingPartOutOfPlace,
  recordingTooLarge,
  TOO_MANY_RECORDING_UPLOADS,
} from "@/lib/schemas/recordings";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { readBodyCapped, readBodyChunks } from "@/server/platform/http/read-body";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";

// A long recording sent in parts that resume (docs/decisions/044-recording-uploads-in-parts.md).
// A phone on a weak connection sends a 30-minute story a part at a time; when the connection drops,
// it asks how far the upload got and goes on from there. The parts wait, each its own object, until
// the recording's own PUT names the upload (`?upload=…`) in place of a body: they are then read in
// order into storeRecording, exactly as a body would have been, and removed.

/** Where the parts wait: recording-uploads/<upload id>/<offset>-<random>. */
export const RECORDING_UPLOADS_PREFIX = "recording-uploads/";
/** How long an upload may wait for its recording to be kept. */
export const RECORDING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How many uploads one person may have on their way at once. */
export const OPEN_RECORDING_UPLOADS = 5;

export type RecordingUploadDto = { id: string; byte_size: number; received: number; part_bytes: number };

const toDto = (upload: { id: string; byte_size: number; received: number }): RecordingUploadDto => ({
  id: upload.id,
  byte_size: upload.byte_size,
  received: upload.received,
  part_bytes: RECORDING_PART_BYTES,
});

/** Opens an upload of `byteSize` bytes for `userId`, who alone may send its parts and keep it. */
export async function startRecordingUpload({ userId, name, byteSize }: { userId: string; name: string; byteSize: number }) {
  if (byteSize > MAX_RECORDING_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", recordingTooLarge(name || "The recording"));
  const prisma = await getDb();
  const upload = await prisma.$transaction(async (tx) => {
    // The person's row is the lock: of several opened at once, each counts those before it.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const open = await tx.recordingUpload.count({ where: { user_id: userId, created_at: { gte: staleBefore() } } });
    if (open >= OPEN_RECORDING_UPLOADS) throw new AppError("CONFLICT", TOO_MANY_RECORDING_UPLOADS);
    return tx.recordingUpload.create({ data: { user_id: userId, byte_size: byteSize, created_at: clock.now() } });
  });
  return toDto(upload);
}

const staleBefore = (now = clock.now()) => new Date(now.getTime() - RECORDING_UPLOAD_LIFETIME_MS);

async function ownUpload(userId: string, uploadId: string) {
  if (!UUID_PATTERN.test(uploadId)) throw notFound(RECORDING_UPLOAD_NOT_FOUND);
  const prisma = await getDb();
  const upload = await prisma.recordingUpload.findFirst({
    where: { id: uploadId, user_id: userId, created_at: { gte: staleBefore() } },
    select: { id: true, byte_size: true, received: true },
  });
  if (!upload) throw notFound(RECORDING_UPLOAD_NOT_FOUND);
  return upload;
}

/** How far an upload of the person's got: where the next part starts. */
export async function readRecordingUpload({ userId, uploadId }: { userId: string; uploadId: string }) {
  return toDto(await ownUpload(userId, uploadId));
}

/**
 * Takes the part of an upload that starts at `offset`, which must be where the upload got to: a
 * part sent twice (a retry whose first answer was lost) or out of order is refused with where to
 * go on from, and of two sent at once for the same place exactly one is kept.
 */
export async function receiveRecordingPart({ userId, uploadId, offset, request }: { userId: string; uploadId: string; offset: number; request: Request }) {
  const upload = await ownUpload(userId, uploadId);
  if (offset !== upload.received) throw new AppError("CONFLICT", recordingPartOutOfPlace(upload.received));
  const bytes = await readBodyCapped(request, RECORDING_PART_BYTES, RECORDING_PART_TOO_LARGE);
  if (bytes.length === 0) throw new AppError("BAD_REQUEST", RECORDING_PART_EMPTY);
  if (offset + bytes.length > upload.byte_size) throw new AppError("BAD_REQUEST", RECORDING_PART_PAST_END);
  const storage = getStorage();
  const key = `${RECORDING_UPLOADS_PREFIX}${uploadId}/${String(offset).padStart(10, "0")}-${randomUUID()}`;
  await storage.put(key, bytes, "application/octet-stream");
  const prisma = await getDb();
  try {
    return await prisma.$transaction(async (tx) => {
      const moved = await tx.recordingUpload.updateManyAndReturn({
        where: { id: uploadId, user_id: userId, received: offset },
        data: { received: offset + bytes.length },
        select: { id: true, byte_size: true, received: true },
      });
      if (moved.length === 0) {
        const now = await tx.recordingUpload.findUnique({ where: { id: uploadId }, select: { received: true } });
        throw now ? new AppError("CONFLICT", recordingPartOutOfPlace(now.received)) : notFound(RECORDING_UPLOAD_NOT_FOUND);
      }
      await tx.recordingUploadPart.create({ data: { upload_id: uploadId, offset, byte_size: bytes.length, key } });
      return toDto(moved[0]!);
    });
  } catch (error) {
    await deleteObjects(storage, [key]);
    throw error;
  }
}

/** The person gives up an upload: it and its parts go. */
export async function discardRecordingUpload({ userId, uploadId }: { userId: string; uploadId: string }) {
  await ownUpload(userId, uploadId);
  const prisma = await getDb();
  const parts = await prisma.recordingUploadPart.findMany({ where: { upload_id: uploadId }, select: { key: true } });
  await prisma.recordingUpload.deleteMany({ where: { id: uploadId, user_id: userId } });
  await deleteObjects(
    getStorage(),
    parts.map((part) => part.key),
  );
  return { id: uploadId };
}

/** The bytes of a recording: the request's body, or the parts of the upload it names. */
export type RecordingBytes = { chunks: AsyncGenerator<Uint8Array>; settle: () => Promise<void> };

/**
 * Where a recording's bytes come from: `?upload=<id>` names a finished upload of `uploaderId`'s,
 * which is taken (a second request naming it finds it gone) and read part by part, its parts
 * removed once the recording is kept or refused (`settle`); otherwise the request's own body.
 */
export async function recordingBytes({
  request,
  uploaderId,
  fileName,
}: {
  request: Request;
  uploaderId: string | null;
  fileName: string;
}): Promise<RecordingBytes> {
  const uploadId = new URL(request.url).searchParams.get("upload");
  if (uploadId === null) return { chunks: readBodyChunks(request, MAX_RECORDING_BYTES, recordingTooLarge(fileName)), settle: async () => {} };
  if (!uploaderId) throw notFound(RECORDING_UPLOAD_NOT_FOUND);
  const upload = await ownUpload(uploaderId, uploadId);
  if (upload.received !== upload.byte_size) throw new AppError("CONFLICT", RECORDING_UPLOAD_INCOMPLETE);
  const prisma = await getDb();
  const parts = await prisma.recordingUploadPart.findMany({
    where: { upload_id: uploadId },
    select: { key: true, byte_size: true },
    orderBy: { offset: "asc" },
  });
  // Taken: the row goes now, the parts' objects once they are read.
  const { count } = await prisma.recordingUpload.deleteMany({ where: { id: uploadId, user_id: uploaderId, received: upload.byte_size } });
  if (count === 0) throw notFound(RECORDING_UPLOAD_NOT_FOUND);
  return {
    chunks: readParts(parts),
    settle: () =>
      deleteObjects(
        getStorage(),
        parts.map((part) => part.key),
      ),
  };
}

const PART_UNREADABLE = "A part of the recording could not be read back. Please send the recording again.";

/** How many times a part read back short is read again, a little later each time. */
const PART_READS = 5;

/**
 * The parts' bytes in order, each read whole (at most a part's size) and checked against the
 * length it arrived with. A part read back short — a store that answered its PUT before the bytes
 * were all on disk, as the S3 stand-in the tests run does — is read again a moment later, and never
 * passed on short, so a recording is kept whole or not at all.
 */
async function* readParts(parts: { key: string; byte_size: number }[]): AsyncGenerator<Uint8Array> {
  const storage = getStorage();
  for (const part of parts) {
    let stored = await storage.get(part.key);
    for (let read = 1; read < PART_READS && stored && stored.body.length !== part.byte_size; read += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50 * read));
      stored = await storage.get(part.key);
    }
    if (!stored || stored.body.length !== part.byte_size) throw new AppError("UNAVAILABLE", PART_UNREADABLE);
    yield new Uint8Array(stored.body);
  }
}

/**
 * Housekeeping: uploads never finished within a day go with their parts, and part objects that no
 * part names (left by a process that stopped while keeping a recording) go once a day old.
 */
export async function sweepStaleRecordingUploads({ now = clock.now() }: { now?: Date } = {}) {
  const prisma = await getDb();
  const storage = getStorage();
  const stale = await prisma.recordingUpload.findMany({ where: { created_at: { lt: staleBefore(now) } }, select: { id: true } });
  const staleParts = await prisma.recordingUploadPart.findMany({ where: { upload_id: { in: stale.map((upload) => upload.id) } }, select: { key: true } });
  await prisma.recordingUpload.deleteMany({ where: { id: { in: stale.map((upload) => upload.id) } } });
  await deleteObjects(
    storage,
    staleParts.map((part) => part.key),
  );
  const candidates: string[] = [];
  for await (const object of storage.list(RECORDING_UPLOADS_PREFIX)) {
    if (object.lastModified.getTime() < staleBefore(now).getTime()) candidates.push(object.key);
  }
  const named = new Set((await prisma.recordingUploadPart.findMany({ where: { key: { in: candidates } }, select: { key: true } })).map((part) => part.key));
  const orphans = candidates.filter((key) => !named.has(key));
  await deleteObjects(storage, orphans);
  return { removed: stale.length, orphans: orphans.length };
}
