import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { EXPORT_LINK_DAYS, exportScopeSchema, type ExportScope } from "@/lib/schemas/data-export";
import { now } from "@/server/clock";
import { getDb } from "@/server/db/client";
import { messageIdFor } from "@/server/email/message-id";
import { queueEmail } from "@/server/email/queue-email";
import { notFound } from "@/server/http/app-error";
import { defineJob } from "@/server/jobs/job-definition";
import { enqueueJob } from "@/server/jobs/queue";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { gatherExport } from "./gather-export";
import { writeExportZip } from "./write-export-zip";

// Exports too large to download at once (docs/decisions/023-export-and-import.md): a job writes
// the ZIP to a temporary file as it is made, moves it into storage, and emails its owner. The
// owner alone sees it listed and fetches it, for EXPORT_LINK_DAYS; then housekeeping deletes it.

export const EXPORT_NOT_FOUND = "Export not found";
export const EXPORT_NOT_READY = "This export is not ready yet.";

const DAY_MS = 24 * 60 * 60 * 1000;

export const dataExportDtoSchema = z.strictObject({
  id: z.guid(),
  scope: exportScopeSchema,
  status: z.enum(["queued", "running", "ready", "failed"]).meta({ description: "ready: it can be downloaded (GET /api/exports/{id}/file)." }),
  photos_done: z.int().meta({ description: "Photos written so far: the progress, of photo_total." }),
  photo_total: z.int(),
  byte_size: z.int().nullable().meta({ description: "The ZIP's size once ready." }),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().meta({ description: "After this, the export is deleted." }),
});

export type DataExportDto = z.output<typeof dataExportDtoSchema>;

type DataExportRow = {
  id: string;
  scope: string;
  status: string;
  photos_done: number;
  photo_total: number;
  byte_size: bigint | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
};

export function toDataExportDto(row: DataExportRow): DataExportDto {
  return {
    id: row.id,
    scope: row.scope as ExportScope,
    status: row.status as DataExportDto["status"],
    photos_done: row.photos_done,
    photo_total: row.photo_total,
    byte_size: row.byte_size === null ? null : Number(row.byte_size),
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}

/** Records the export and sends its job; the caller checked the viewer may export this scope. */
export async function startPreparedExport({ viewer, scope, origin }: { viewer: UserDto; scope: ExportScope; origin: string }) {
  const prisma = await getDb();
  const row = await prisma.dataExport.create({
    data: { user_id: viewer.id, scope, origin, expires_at: new Date(now().getTime() + EXPORT_LINK_DAYS * DAY_MS) },
  });
  await enqueueJob("prepare-export", { exportId: row.id });
  return toDataExportDto(row);
}

/** The viewer's exports that have not expired, newest first. */
export async function listPreparedExports(viewer: Pick<UserDto, "id">) {
  const prisma = await getDb();
  const rows = await prisma.dataExport.findMany({
    where: { user_id: viewer.id, expires_at: { gt: now() } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 20,
  });
  return rows.map(toDataExportDto);
}

/** One of the viewer's own exports; anyone else's, or an expired one, is "not found" (404). */
export async function getPreparedExport(viewer: Pick<UserDto, "id">, exportId: string) {
  if (!UUID_PATTERN.test(exportId)) throw notFound(EXPORT_NOT_FOUND);
  const prisma = await getDb();
  const row = await prisma.dataExport.findFirst({ where: { id: exportId, user_id: viewer.id, expires_at: { gt: now() } } });
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
}

/** A short-lived signed address of the owner's ready export. */
export async function preparedExportDownloadUrl(viewer: Pick<UserDto, "id">, exportId: string) {
  const row = await getPreparedExport(viewer, exportId);
  if (row.status !== "ready" || !row.storage_key) throw notFound(EXPORT_NOT_READY);
  return getStorage().signedDownloadUrl(row.storage_key, { expiresInSeconds: 300 });
}

export const exportFileName = (scope: string, date: Date) =>
  `family-book-${scope === "family" ? "family-export" : "my-export"}-${date.toISOString().slice(0, 10)}.zip`;

async function prepareExport({ exportId }: { exportId: string }) {
  const prisma = await getDb();
  const row = await prisma.dataExport.findUnique({ where: { id: exportId }, include: { user: true } });
  // Gone (expired and deleted, or its owner left) or already done by an earlier attempt.
  if (!row || row.status === "ready") return { status: row?.status ?? "gone" };
  const viewer: UserDto = { id: row.user.id, email: row.user.email, first_name: row.user.first_name, last_name: row.user.last_name, family_id: row.user.family_id };
  const scope = row.scope as ExportScope;
  const storage = getStorage();
  try {
    const gathered = await gatherExport(viewer, scope);
    await prisma.dataExport.update({ where: { id: exportId }, data: { status: "running", photos_done: 0, photo_total: gathered.photos.length } });
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
            progressWrite = progressWrite.then(() => prisma.dataExport.update({ where: { id: exportId }, data: { photos_done: done } }));
          }
        },
      });
      await pipeline(zip, createWriteStream(file));
      await progressWrite;
      const key = `exports/${row.user_id}/${row.id}/${exportFileName(scope, row.created_at)}`;
      await storage.putFile(key, file, "application/zip");
      const { size } = await stat(file);
      await prisma.dataExport.update({
        where: { id: exportId },
        data: { status: "ready", storage_key: key, byte_size: BigInt(size), photos_done: gathered.photos.length, finished_at: now() },
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  } catch (error) {
    await prisma.dataExport.update({ where: { id: exportId }, data: { status: "failed", finished_at: now() } });
    throw error;
  }
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
  handler: (data) => prepareExport(data),
  retryLimit: 2,
  retryBackoff: true,
  expireInSeconds: 3600,
});

/** Housekeeping: removes expired exports, their objects first (docs/product.md §12). */
export async function deleteExpiredExports(at: Date) {
  const prisma = await getDb();
  const storage = getStorage();
  const expired = await prisma.dataExport.findMany({ where: { expires_at: { lte: at } }, select: { id: true, storage_key: true }, take: 500 });
  for (const row of expired) {
    if (row.storage_key) await storage.delete(row.storage_key);
    await prisma.dataExport.delete({ where: { id: row.id } });
  }
  return { deleted: expired.length };
}

export const deleteExpiredExportsJob = defineJob({
  name: "housekeeping.expired-exports",
  schema: z.null(),
  handler: (_data, attempt) => deleteExpiredExports(attempt.now),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  schedule: "0 * * * *",
  policy: "exclusive",
});
