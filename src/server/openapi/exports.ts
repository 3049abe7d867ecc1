import { z } from "zod";
import { EXPORT_LINK_DAYS, IMMEDIATE_EXPORT_MAX_BYTES, IMPORT_MAX_BYTES } from "@/lib/schemas/data-export";
import { BODY_CAPS } from "@/server/http/read-body";
import { exportQuerySchema, exportRequestSchema, exportStartedSchema } from "@/server/exports/export-request";
import { dataExportDtoSchema } from "@/server/exports/prepared-exports";
import { idParameter, type Operation } from "./operation";

// Export and import (docs/export-format.md, docs/decisions/023-export-and-import.md).

const MB = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const importSummarySchema = z.strictObject({
  memories: z.int(),
  photos: z.int(),
  questionnaires: z.int(),
  submissions: z.int(),
  tags_linked: z.int().meta({ description: "Tags of people found, by email, in the importer's family." }),
  tags_dropped: z.int().meta({ description: "Tags of people who are not in the importer's family (or of the importer)." }),
  answers_dropped: z.int().meta({ description: "Answers to built-in library questions this instance does not have." }),
});

export const exportOperations: Operation[] = [
  {
    method: "post",
    path: "/exports",
    tag: "Export and import",
    summary: "Ask for an export: of one's own data, or (a family admin) of the family's shared book",
    description: `An export whose photos come to at most ${MB(IMMEDIATE_EXPORT_MAX_BYTES)} downloads at once: the answer gives the address. A larger one is prepared by a job, which emails its owner when it is ready; it can be downloaded for ${EXPORT_LINK_DAYS} days.`,
    access: "member",
    body: { media: "application/json", schema: exportRequestSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "Either `download` (small) or `export` (a job) is set.", data: exportStartedSchema },
    refusals: { 400: "A scope other than account or family.", 403: "scope family, from someone who is not an admin of a family." },
  },
  {
    method: "get",
    path: "/exports",
    tag: "Export and import",
    summary: "The caller's prepared exports that have not expired, newest first (at most 20)",
    access: "member",
    answer: { status: 200, description: "The exports.", data: z.strictObject({ exports: z.array(dataExportDtoSchema) }) },
  },
  {
    method: "get",
    path: "/exports/download",
    tag: "Export and import",
    summary: "A small export as a ZIP, streamed as it is made",
    access: "member",
    query: exportQuerySchema,
    answer: {
      status: 200,
      description: "The ZIP (docs/export-format.md), as an attachment.",
      media: "application/zip",
      headers: { "Content-Disposition": 'attachment; filename="family-book-my-export-<date>.zip"' },
    },
    refusals: {
      400: "A scope other than account or family.",
      403: "scope family, from someone who is not an admin of a family.",
      409: `The export's photos come to more than ${MB(IMMEDIATE_EXPORT_MAX_BYTES)}: ask for it with POST /api/exports.`,
    },
  },
  {
    method: "get",
    path: "/exports/{id}",
    tag: "Export and import",
    summary: "One of the caller's prepared exports, with its progress",
    access: "member",
    params: idParameter("id", "export"),
    answer: { status: 200, description: "The export.", data: z.strictObject({ export: dataExportDtoSchema }) },
    refusals: { 404: '"Export not found": not the caller\'s, expired, or no export.' },
  },
  {
    method: "get",
    path: "/exports/{id}/file",
    tag: "Export and import",
    summary: "The caller's ready export: a redirect to a signed address of the ZIP, valid five minutes",
    access: "member",
    params: idParameter("id", "export"),
    answer: { status: 302, description: "Location: the signed address of the ZIP." },
    refusals: { 404: '"Export not found": not the caller\'s, expired, or no export. "This export is not ready yet.": still being prepared, or failed.' },
  },
  {
    method: "post",
    path: "/imports",
    tag: "Export and import",
    summary: "Bring a personal export ZIP into the caller's account: memories, photos, answers and questionnaires",
    description:
      "The body is the ZIP itself. Everything is saved in one transaction, or nothing: a ZIP that is damaged, holds files an export does not have, or whose data.json does not follow the format, is refused with a sentence saying why. Tags and questionnaire targets come back for the people found, by email, in the caller's family.",
    access: "member",
    body: { media: "application/zip", maxBytes: IMPORT_MAX_BYTES },
    answer: { status: 201, description: "What came back.", data: z.strictObject({ imported: importSummarySchema }) },
    refusals: {
      400: "Not a ZIP, not an export, an export of another format version, a family's export, data.json not valid (the first problem, with its place), a photo named but missing, too many files, a file larger than allowed, or a photo that is not an image.",
      415: "A Content-Type other than application/zip (or application/octet-stream).",
    },
  },
];
