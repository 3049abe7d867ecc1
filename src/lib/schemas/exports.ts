import { z } from "zod";
import { exportScopeSchema } from "./data-export";
import { preparedFileFields } from "./prepared-files";

// Asking for an export and following one a job prepares, as the API shows them (docs/product.md
// §20, docs/decisions/023-export-and-import.md). The format of the export itself is data-export.ts.

export const exportRequestSchema = z.strictObject({ scope: exportScopeSchema });
export const exportQuerySchema = z.strictObject({ scope: exportScopeSchema.default("account") });

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;

export const dataExportDtoSchema = z
  .strictObject({
    id: preparedFileFields.id,
    scope: exportScopeSchema,
    status: z.enum(EXPORT_STATUSES).meta({ description: "ready: it can be downloaded (GET /api/exports/{id}/file)." }),
    photos_done: z.int().meta({ description: "Photos written so far: the progress, of photo_total." }),
    photo_total: z.int(),
    byte_size: preparedFileFields.byte_size.meta({ description: "The ZIP's size once ready." }),
    file_name: preparedFileFields.file_name,
    download_url: z.string().nullable().meta({ description: "Where the owner downloads the ZIP, once ready: /api/exports/{id}/file." }),
    created_at: preparedFileFields.created_at,
    finished_at: preparedFileFields.finished_at,
    expires_at: preparedFileFields.expires_at.meta({ description: "After this, the export is deleted." }),
  })
  .meta({ id: "DataExport" });

export type DataExportDto = z.output<typeof dataExportDtoSchema>;

export const exportStartedSchema = z.strictObject({
  download: z.string().nullable().meta({ description: "Small exports: the address that streams the ZIP now (GET /api/exports/download?scope=…)." }),
  export: dataExportDtoSchema.nullable().meta({ description: "Large exports: the job preparing it (its progress at GET /api/exports/{id})." }),
});
