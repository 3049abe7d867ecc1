import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { DOWNLOAD_LINK_SECONDS, PREPARED_FILE_KEPT_MS, type PreparedFileKind } from "./prepared-file-kinds";

// A prepared file is its owner's alone (docs/decisions/036-prepared-files.md): every read and the
// delete have the owner and the expiry in their WHERE clause, so anyone else's, an expired one and
// no such id are all the same 404. The download is a redirect to a signed address, so the server
// never reads the file.

/** The WHERE clause of every read of one's own prepared file, for the feature's own select. */
export type OwnPreparedFileWhere = { id: string; user_id: string; expires_at: { gt: Date } };

/** One of the viewer's own prepared files that is still kept, read by the feature's `find`. */
export async function findOwnPreparedFile<Row>(
  kind: PreparedFileKind,
  { viewer, id, now }: { viewer: Pick<UserDto, "id">; id: string; now: Date },
  find: (where: OwnPreparedFileWhere) => Promise<Row | null>,
): Promise<Row> {
  // An id that is not a UUID names nothing: 404, as any id the viewer may not see.
  if (!UUID_PATTERN.test(id)) throw notFound(kind.messages.notFound);
  const row = await find({ id, user_id: viewer.id, expires_at: { gt: now } });
  if (!row) throw notFound(kind.messages.notFound);
  return row;
}

/**
 * A short-lived signed address of one's own ready file, saved under `downloadName`. Not ready
 * (being made, or failed) is 409 for every kind: the file exists and is the caller's, it has no
 * bytes yet.
 */
export async function preparedFileDownloadUrl(kind: PreparedFileKind, file: { status: string; storage_key: string | null }, downloadName: string) {
  if (file.status !== "ready" || !file.storage_key) throw new AppError("CONFLICT", kind.messages.notReady);
  const storage = getStorage();
  if (!(await storage.head(file.storage_key))) throw notFound(kind.messages.notFound);
  return storage.signedDownloadUrl(file.storage_key, { expiresInSeconds: DOWNLOAD_LINK_SECONDS, downloadName });
}

type SharedColumns = { id: string; status: string; byte_size: number | bigint | null; created_at: Date; finished_at: Date | null; expires_at: Date };

/** The fields every prepared file's DTO shares (src/lib/schemas/prepared-files.ts): its file's only once ready. */
export function preparedFileFields(kind: PreparedFileKind, row: SharedColumns, fileName: string | null) {
  const ready = row.status === "ready";
  return {
    id: row.id,
    file_name: ready ? fileName : null,
    byte_size: ready && row.byte_size !== null ? Number(row.byte_size) : null,
    download_url: ready ? kind.downloadPath(row.id) : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}

const table = (kind: PreparedFileKind) => Prisma.raw(`"${kind.table}"`);

/**
 * Marks a file ready once its object is stored, kept for a week from `now`. Answers when it
 * expires, or null when the file was deleted while it was being made: its object is then removed,
 * so nothing is left in storage that no row names.
 */
export async function markPreparedFileReady(
  kind: PreparedFileKind,
  { id, storageKey, byteSize, now }: { id: string; storageKey: string; byteSize: number; now: Date },
) {
  const prisma = await getDb();
  const expiresAt = new Date(now.getTime() + PREPARED_FILE_KEPT_MS);
  const updated = await prisma.$executeRaw`
    UPDATE ${table(kind)} SET status = 'ready', storage_key = ${storageKey}, byte_size = ${byteSize}, finished_at = ${now}, expires_at = ${expiresAt}
    WHERE id = ${id}::uuid`;
  if (updated > 0) return expiresAt;
  await getStorage().delete(storageKey);
  return null;
}

/** Marks a file failed after the job's last attempt (a file already gone stays gone). */
export async function markPreparedFileFailed(kind: PreparedFileKind, { id, now }: { id: string; now: Date }) {
  const prisma = await getDb();
  await prisma.$executeRaw`UPDATE ${table(kind)} SET status = 'failed', finished_at = ${now} WHERE id = ${id}::uuid AND status <> 'ready'`;
}

/**
 * The owner deletes one of their files: its record and its object together (if the object cannot
 * be deleted, the record stays, to be deleted again). One still being made is deleted too; its
 * job, finding no record when it finishes, removes what it wrote.
 */
export async function deleteOwnPreparedFile(kind: PreparedFileKind, { viewer, id, now }: { viewer: Pick<UserDto, "id">; id: string; now: Date }) {
  if (!UUID_PATTERN.test(id)) throw notFound(kind.messages.notFound);
  const prisma = await getDb();
  await prisma.$transaction(async (tx) => {
    const [deleted] = await tx.$queryRaw<{ storage_key: string | null }[]>`
      DELETE FROM ${table(kind)} WHERE id = ${id}::uuid AND user_id = ${viewer.id}::uuid AND expires_at > ${now} RETURNING storage_key`;
    if (!deleted) throw notFound(kind.messages.notFound);
    if (deleted.storage_key) await getStorage().delete(deleted.storage_key);
  });
  return { id };
}
