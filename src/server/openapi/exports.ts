import { z } from "zod";
import { EXPORT_LINK_DAYS, IMMEDIATE_EXPORT_MAX_BYTES, IMPORT_MAX_BYTES } from "@/lib/schemas/data-export";
import { dataExportDtoSchema, exportQuerySchema, exportRequestSchema, exportStartedSchema } from "@/lib/schemas/exports";
import { preparedFilesStorageSchema } from "@/lib/schemas/prepared-files";
import { BODY_CAPS } from "@/server/platform/http/read-body";
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
    description: `An export whose photos come to at most ${MB(IMMEDIATE_EXPORT_MAX_BYTES)} downloads at once: the answer gives the address. A larger one is prepared by a job, which emails its owner when it is ready; it can be downloaded for ${EXPORT_LINK_DAYS} days. Asking again for the same scope while it is being prepared, or in the 10 minutes after it was ready, answers that export. A person has one export being prepared at a time, a family three, and each person keeps at most PREPARED_FILES_MAX_BYTES of books and exports (docs/decisions/036-prepared-files.md).`,
    access: "member",
    body: { media: "application/json", schema: exportRequestSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "Either `download` (small) or `export` (a job) is set.", data: exportStartedSchema },
    refusals: {
      400: "A scope other than account or family.",
      403: "scope family, from someone who is not an admin of a family.",
      409: 'Large exports: the caller has another export being prepared ("Your export of your data is still being prepared. …"), or keeps their allowance of books and exports already ("You are keeping 1.2 GB of books and exports, and each person may keep 1 GB. Delete one …").',
      429: '"Your family already has 3 exports being prepared. Please ask again when one of them is ready."',
    },
  },
  {
    method: "get",
    path: "/exports",
    tag: "Export and import",
    summary: "The caller's prepared exports that have not expired, newest first (at most 20)",
    access: "member",
    answer: {
      status: 200,
      description: "The exports, and what the caller keeps of books and exports against what they may keep.",
      data: z.strictObject({ exports: z.array(dataExportDtoSchema), storage: preparedFilesStorageSchema }),
    },
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
    method: "delete",
    path: "/exports/{id}",
    tag: "Export and import",
    summary: "The caller deletes one of their prepared exports, its ZIP with it; one still being prepared is dropped",
    access: "member",
    params: idParameter("id", "export"),
    answer: { status: 200, description: "Deleted.", data: z.strictObject({ export: z.strictObject({ id: z.guid() }) }) },
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
    refusals: {
      404: '"Export not found": not the caller\'s, expired, or no export.',
      409: '"This export is not ready yet.": still being prepared, or it failed.',
    },
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
      400: "Not a ZIP, not an export, an export of another format version, a family's export, data.json not valid (the first problem, with its place: the format, or a rule the API holds writing to), data.json nested too deeply or holding too much, a photo named but missing or named twice, more than an import brings (10,000 memories, 1,000 photos, 8,000 million pixels, 50,000 answers), too many files, a file larger than allowed, or a photo that is not an image.",
      409: "Another import into the caller's account is still running.",
      415: "A Content-Type other than application/zip (or application/octet-stream).",
      429: "More than 5 imports by the caller in an hour.",
    },
  },
];
