import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { EXPORT_LINK_DAYS, type ExportScope } from "@/lib/schemas/data-export";
import type { DataExportDto } from "@/lib/schemas/exports";
import type { UserDto } from "@/server/accounts/users/user-dto";
import {
  deleteOwnPreparedFile,
  findOwnPreparedFile,
  markPreparedFileFailed,
  markPreparedFileReady,
  preparedFileDownloadUrl,
  preparedFileFields,
} from "@/server/book/prepared-files/own-prepared-files";
import { EXPORT_FILES, PREPARED_FILE_KEPT_MS } from "@/server/book/prepared-files/prepared-file-kinds";
import { preparedFilesStorage } from "@/server/book/prepared-files/prepared-files-storage";
import { startPreparedFile } from "@/server/book/prepared-files/start-prepared-file";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { messageIdFor } from "@/server/platform/email/message-id";
import { queueEmail } from "@/server/platform/email/queue-email";
import { defineJob, type JobAttempt } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { getStorage } from "@/server/platform/storage";
import { gatherExport } from "./gather-export";
import { writeExportZip } from "./write-export-zip";

// Exports too large to download at once (docs/decisions/023-export-and-import.md): a job writes
// the ZIP to a temporary file as it is made, moves it into storage, and emails its owner. What
// every prepared file shares — the owner's alone, the signed download, a week's keeping — is
// prepared-files' (docs/decisions/036-prepared-files.md), and so are its limits: one export
// being prepared per person, the same scope answered with the same export, a few per family at
// once, an allowance of bytes kept. The scope and the photos written are the export's.

export const EXPORT_NOT_FOUND = EXPORT_FILES.messages.notFound;
export const EXPORT_NOT_READY = EXPORT_FILES.messages.notReady;

const RETRY_LIMIT = 2;

export const exportFileName = (scope: string, date: Date) =>
  `family-book-${scope === "family" ? "family-export" : "my-export"}-${date.toISOString().slice(0, 10)}.zip`;

type DataExportRow = {
  id: string;
  scope: string;
  status: string;
  photos_done: number;
  photo_total: number;
  storage_key: string | null;
  byte_size: bigint | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
};

export function toDataExportDto(row: DataExportRow): DataExportDto {
  const scope = row.scope as ExportScope;
  return {
    ...preparedFileFields(EXPORT_FILES, row, exportFileName(scope, row.created_at)),
    scope,
    status: row.status as DataExportDto["status"],
    photos_done: row.photos_done,
    photo_total: row.photo_total,
  };
}

/**
 * Records the export and sends its job, or answers the export of this scope already being
 * prepared, or prepared minutes ago; the caller checked the viewer may export this scope. The
 * limits on how many and how large are every prepared file's (startPreparedFile).
 */
export async function startPreparedExport({ viewer, scope, origin }: { viewer: UserDto; scope: ExportScope; origin: string }): Promise<DataExportDto> {
  const at = now();
  const { id } = await startPreparedFile({
    kind: EXPORT_FILES,
    viewer,
    request: { scope },
    now: at,
    insert: (tx, id) =>
      tx.dataExport.create({ data: { id, user_id: viewer.id, scope, origin, created_at: at, expires_at: new Date(at.getTime() + PREPARED_FILE_KEPT_MS) } }),
    enqueue: (id) => enqueueJob(prepareExportJob, { exportId: id }),
  });
  const prisma = await getDb();
  const row = await prisma.dataExport.findUnique({ where: { id } });
  // Deleted by its owner between the two reads: ask again, which starts a fresh one.
  if (!row) return startPreparedExport({ viewer, scope, origin });
  return toDataExportDto(row);
}

/** The viewer's exports that have not expired, newest first, and what they keep of books and exports. */
export async function listPreparedExports(viewer: Pick<UserDto, "id">) {
  const prisma = await getDb();
  const at = now();
  const [rows, storage] = await Promise.all([
    prisma.dataExport.findMany({
      where: { user_id: viewer.id, expires_at: { gt: at } },
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      take: 20,
    }),
    preparedFilesStorage({ viewer, now: at }),
  ]);
  return { exports: rows.map(toDataExportDto), storage };
}

/** One of the viewer's own exports; anyone else's, or an expired one, is "not found" (404). */
export async function getPreparedExport(viewer: Pick<UserDto, "id">, exportId: string) {
  const prisma = await getDb();
  return findOwnPreparedFile(EXPORT_FILES, { viewer, id: exportId, now: now() }, (where) => prisma.dataExport.findFirst({ where }));
}

/** The owner deletes one of their exports, prepared or still being prepared. */
export async function deletePreparedExport(viewer: Pick<UserDto, "id">, exportId: string) {
  return deleteOwnPreparedFile(EXPORT_FILES, { viewer, id: exportId, now: now() });
}

/** A short-lived signed address of the owner's ready export, saved under the export's name. */
export async function preparedExportDownloadUrl(viewer: Pick<UserDto, "id">, exportId: string) {
  const row = await getPreparedExport(viewer, exportId);
  return preparedFileDownloadUrl(EXPORT_FILES, row, exportFileName(row.scope, row.created_at));
}

async function prepareExport({ exportId }: { exportId: string }, attempt: Pick<JobAttempt, "now" | "retryCount">) {
  const prisma = await getDb();
  const row = await prisma.dataExport.findUnique({ where: { id: exportId }, include: { user: true } });
  // Gone (deleted, expired, or its owner left), or settled by an earlier attempt.
  if (!row || row.status === "ready" || row.status === "failed") return { status: row?.status ?? "gone" };
  const viewer: UserDto = {
    id: row.user.id,
    email: row.user.email,
    first_name: row.user.first_name,
    last_name: row.user.last_name,
    family_id: row.user.family_id,
  };
  const scope = row.scope as ExportScope;
  const storage = getStorage();
  let expiresAt: Date | null;
  try {
    const gathered = await gatherExport(viewer, scope);
    await prisma.dataExport.updateMany({ where: { id: exportId }, data: { status: "running", photos_done: 0, photo_total: gathered.photos.length } });
    const directory = await mkdtemp(path.join(tmpdir(), "family-book-export-"));
    const file = path.join(directory, "export.zip");
    try {
      let progressWrite: Promise<unknown> = Promise.resolve();
      const zip = writeExportZip({
        gathered,
        storage,
        onPhoto: (done, total) => {
          // Progress is written every tenth photo and at the end, one write at a time.
          if (done % 10 === 0 || done === total) {
            progressWrite = progressWrite.then(() => prisma.dataExport.updateMany({ where: { id: exportId }, data: { photos_done: done } }));
          }
        },
      });
      await pipeline(zip, createWriteStream(file));
      await progressWrite;
      const key = `exports/${row.user_id}/${row.id}/${exportFileName(scope, row.created_at)}`;
      await storage.putFile(key, file, "application/zip");
      const { size } = await stat(file);
      await prisma.dataExport.updateMany({ where: { id: exportId }, data: { photos_done: gathered.photos.length } });
      expiresAt = await markPreparedFileReady(EXPORT_FILES, { id: exportId, storageKey: key, byteSize: size, now: attempt.now });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  } catch (error) {
    // Earlier attempts leave it running, so the retry carries on with the same export.
    if (attempt.retryCount >= RETRY_LIMIT) await markPreparedFileFailed(EXPORT_FILES, { id: exportId, now: attempt.now });
    throw error;
  }
  if (!expiresAt) return { status: "deleted" };
  await queueEmail({
    template: "export-ready",
    to: { userId: row.user_id },
    props: { firstName: row.user.first_name, scope, dataUrl: `${row.origin}/settings/data`, validDays: EXPORT_LINK_DAYS },
    origin: row.origin,
    // A retried job sends the email once.
    messageId: messageIdFor(`export-ready.${row.id}`),
  });
  return { status: "ready" };
}

export const prepareExportJob = defineJob({
  name: "prepare-export",
  schema: z.strictObject({ exportId: z.uuid() }),
  handler: (data, attempt) => prepareExport(data, attempt),
  retryLimit: RETRY_LIMIT,
  retryBackoff: true,
  expireInSeconds: 3600,
});
