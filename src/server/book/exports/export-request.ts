import "server-only";
import { Readable } from "node:stream";
import { IMMEDIATE_EXPORT_MAX_BYTES, type ExportScope } from "@/lib/schemas/data-export";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { AppError } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { gatherExport, measureExport } from "./gather-export";
import { exportFileName, startPreparedExport } from "./prepared-exports";
import { writeExportZip } from "./write-export-zip";

// Asking for an export (docs/decisions/023-export-and-import.md): one whose photos come to at most
// IMMEDIATE_EXPORT_MAX_BYTES downloads at once (GET /api/exports/download streams it); a larger one
// is prepared by a job and emailed.

export const EXPORT_TOO_LARGE_TO_DOWNLOAD = "This export is too large to download at once. Ask for it to be prepared; you will get an email when it is ready.";

export async function requestExport({ viewer, scope, origin }: { viewer: UserDto; scope: ExportScope; origin: string }) {
  const size = await measureExport(viewer, scope);
  if (size.photoBytes <= IMMEDIATE_EXPORT_MAX_BYTES) return { download: `/api/exports/download?scope=${scope}`, export: null };
  return { download: null, export: await startPreparedExport({ viewer, scope, origin }) };
}

/** The ZIP as a streamed response, for an export small enough to download at once. */
export async function streamExport({ viewer, scope }: { viewer: UserDto; scope: ExportScope }) {
  const size = await measureExport(viewer, scope);
  if (size.photoBytes > IMMEDIATE_EXPORT_MAX_BYTES) throw new AppError("CONFLICT", EXPORT_TOO_LARGE_TO_DOWNLOAD);
  const gathered = await gatherExport(viewer, scope);
  const zip = writeExportZip({ gathered, storage: getStorage() });
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(scope, now())}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
