import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportDocument,
  type ExportFollowUp,
  type ExportPerson,
  type ExportScope,
} from "@/lib/schemas/data-export";
import { getDb } from "@/server/db/client";
import { FORMER_MEMBER } from "@/server/families/former-member";
import { AppError } from "@/server/http/app-error";
import { ownedBy, sharedWith } from "@/server/memories/memory-visibility";
import { answerSharedWhere, visibleSubmissionsWhere } from "@/server/questionnaires/answer-visibility";
import type { UserDto } from "@/server/users/user-dto";
import { now as appNow } from "@/server/clock";

// What an export holds (docs/export-format.md): for "account", everything the person wrote, shared
// or not; for "family", what the family may read (memory-visibility.ts and answer-visibility.ts
// decide that, as for every other reader), every member's. Only a family admin exports the family.

export const NOT_FAMILY_ADMIN = "Only an admin of your family can export the family's book.";

/** A photo in the export: where its original is in storage, and where it goes in the ZIP. */
export type ExportPhotoSource = { key: string; file: string; byteSize: number };

export type GatheredExport = { document: ExportDocument; photos: ExportPhotoSource[] };

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" };

const personSelect = { id: true, first_name: true, last_name: true, email: true } as const;
const toPerson = (row: ExportPerson): ExportPerson => ({ id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email });

/**
 * Someone the family export names who no longer has an account here: an author who left their
 * shared items to the family (their kept name, or "A former member") or a tag that became plain
 * text (docs/decisions/024-leaving-and-the-circle.md). One person per name, with a stable id made
 * from it and no address, so an import never links them to anyone.
 */
function departedPerson(name: string): ExportPerson {
  const hex = createHash("sha256").update(`departed:${name}`).digest("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { id, first_name: name, last_name: "", email: "" };
}

/** Refuses a family export to anyone but an admin of a family (403, docs/api.md). */
export async function assertMayExport(viewer: UserDto, scope: ExportScope) {
  if (scope === "account") return;
  const prisma = await getDb();
  const row = await prisma.user.findUnique({ where: { id: viewer.id }, select: { family_role: true, family_id: true } });
  if (!row?.family_id || row.family_role !== "admin") throw new AppError("FORBIDDEN", NOT_FAMILY_ADMIN);
}

function memoryWhere(viewer: UserDto, scope: ExportScope): Prisma.MemoryWhereInput {
  return scope === "account" ? ownedBy(viewer) : sharedWith(viewer);
}

function submissionWhere(viewer: UserDto, scope: ExportScope): Prisma.SubmissionWhereInput | null {
  return scope === "account" ? { user_id: viewer.id } : visibleSubmissionsWhere(viewer);
}

/** How many photos and bytes an export would carry: what decides between a download and a job. */
export async function measureExport(viewer: UserDto, scope: ExportScope) {
  await assertMayExport(viewer, scope);
  const prisma = await getDb();
  const [memories, photos] = await Promise.all([
    prisma.memory.count({ where: memoryWhere(viewer, scope) }),
    prisma.memoryPhoto.aggregate({ where: { memory: memoryWhere(viewer, scope) }, _count: { _all: true }, _sum: { byte_size: true } }),
  ]);
  return { memories, photos: photos._count._all, photoBytes: photos._sum.byte_size ?? 0 };
}

/**
 * The "Tell us more" questions under an exported story (docs/product.md §22): in one's own export,
 * every question asked about one's stories, waiting or answered; in the family's, the answered
 * ones, which are what the family reads under the story.
 */
function followUpsSelect(scope: ExportScope) {
  return {
    where: scope === "family" ? { answered_at: { not: null } } : {},
    select: { id: true, question: true, created_at: true, answer: true, answered_at: true, asker: { select: { ...personSelect, family_id: true } } },
    orderBy: [{ created_at: "asc" as const }, { id: "asc" as const }],
  };
}

export async function gatherExport(viewer: UserDto, scope: ExportScope): Promise<GatheredExport> {
  await assertMayExport(viewer, scope);
  const prisma = await getDb();
  const people = new Map<string, ExportPerson>();
  const remember = (person: ExportPerson) => {
    if (!people.has(person.id)) people.set(person.id, toPerson(person));
    return person.id;
  };
  // Someone who asked and has since left the family is named, never given an address, as tags are.
  type AskedRow = { id: string; question: string; created_at: Date; answer: string | null; answered_at: Date | null; asker: ExportPerson & { family_id: string | null } };
  const toExportFollowUp = (row: AskedRow): ExportFollowUp => ({
    id: row.id,
    asked_by_id: remember(
      row.asker.family_id === viewer.family_id ? row.asker : departedPerson(`${row.asker.first_name} ${row.asker.last_name}`.trim() || FORMER_MEMBER),
    ),
    question: row.question,
    asked_at: row.created_at.toISOString(),
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
  });

  const [me, family, memoryRows] = await Promise.all([
    prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: personSelect }),
    viewer.family_id ? prisma.family.findUnique({ where: { id: viewer.family_id }, select: { id: true, name: true } }) : null,
    prisma.memory.findMany({
      where: memoryWhere(viewer, scope),
      select: {
        id: true,
        title: true,
        content: true,
        memory_date: true,
        is_shared: true,
        created_at: true,
        updated_at: true,
        user: { select: personSelect },
        author_name: true,
        memory_tags: { select: { tagged_user: { select: personSelect }, tagged_name: true }, orderBy: [{ created_at: "asc" }, { id: "asc" }] },
        memory_photos: { orderBy: { order_number: "asc" } },
        follow_ups: followUpsSelect(scope),
      },
      orderBy: [{ memory_date: "asc" }, { created_at: "asc" }, { id: "asc" }],
    }),
  ]);
  remember(me);

  const photos: ExportPhotoSource[] = [];
  const memories = memoryRows.map((row) => ({
    id: row.id,
    author_id: remember(row.user ?? departedPerson(row.author_name ?? FORMER_MEMBER)),
    title: row.title,
    content: row.content,
    memory_date: row.memory_date.toISOString().slice(0, 10),
    is_shared: row.is_shared,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    tags: row.memory_tags.map(({ tagged_user, tagged_name }) => {
      const person = tagged_user ?? departedPerson(tagged_name ?? FORMER_MEMBER);
      return { id: remember(person), name: `${person.first_name} ${person.last_name}`.trim(), email: person.email };
    }),
    photos: row.memory_photos.map((photo) => {
      const file = `photos/${row.id}/${photo.id}.${EXTENSIONS[photo.content_type] ?? "jpg"}`;
      photos.push({ key: photo.original_key, file, byteSize: photo.byte_size });
      return {
        id: photo.id,
        order_number: photo.order_number,
        file,
        content_type: (photo.content_type in EXTENSIONS ? photo.content_type : "image/jpeg") as "image/jpeg",
        width: photo.width,
        height: photo.height,
        byte_size: photo.byte_size,
        created_at: photo.created_at.toISOString(),
      };
    }),
    follow_ups: row.follow_ups.map(toExportFollowUp),
  }));

  const submissionFilter = submissionWhere(viewer, scope);
  const submissionRows = submissionFilter
    ? await prisma.submission.findMany({
        where: submissionFilter,
        select: {
          id: true,
          is_shared: true,
          created_at: true,
          user: { select: personSelect },
          author_name: true,
          questionnaire: { select: { id: true, title: true, audience: true } },
          responses: {
            // A family export carries only the answers the family may read.
            where: scope === "family" ? answerSharedWhere : {},
            select: {
              id: true,
              answer_text: true,
              is_shared: true,
              created_at: true,
              question: { select: { id: true, question_text: true } },
              follow_ups: followUpsSelect(scope),
            },
            orderBy: [{ question: { position: "asc" } }, { id: "asc" }],
          },
        },
        orderBy: [{ created_at: "asc" }, { id: "asc" }],
      })
    : [];
  const submissions = submissionRows
    .filter((row) => row.responses.length > 0)
    .map((row) => ({
      id: row.id,
      author_id: remember(row.user ?? departedPerson(row.author_name ?? FORMER_MEMBER)),
      questionnaire_id: row.questionnaire.id,
      questionnaire_title: row.questionnaire.title,
      library: row.questionnaire.audience === "GLOBAL",
      is_shared: row.is_shared,
      created_at: row.created_at.toISOString(),
      responses: row.responses.map((response) => ({
        id: response.id,
        question_id: response.question.id,
        question_text: response.question.question_text,
        answer_text: response.answer_text,
        is_shared: response.is_shared,
        created_at: response.created_at.toISOString(),
        follow_ups: response.follow_ups.map(toExportFollowUp),
      })),
    }));

  // The family's own questionnaires: the ones written by the person (account) or in the family
  // (family), and any other one an exported answer belongs to, so every answer keeps its questions.
  const answeredCustom = [...new Set(submissions.filter((row) => !row.library).map((row) => row.questionnaire_id))];
  const questionnaireRows = await prisma.questionnaire.findMany({
    where: {
      audience: { not: "GLOBAL" },
      OR: [
        { id: { in: answeredCustom } },
        scope === "account" ? { created_by_id: viewer.id } : { family_id: viewer.family_id ?? "00000000-0000-0000-0000-000000000000" },
      ],
    },
    select: {
      id: true,
      title: true,
      description: true,
      audience: true,
      allow_multiple_responses: true,
      created_at: true,
      created_by: { select: personSelect },
      targets: { select: { user: { select: personSelect } }, orderBy: { user_id: "asc" } },
      questions: { orderBy: { position: "asc" } },
    },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  const questionnaires = questionnaireRows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    audience: row.audience as "FAMILY_WIDE" | "SPECIFIC_FAMILY_MEMBERS",
    allow_multiple_responses: row.allow_multiple_responses,
    created_by_id: row.created_by ? remember(row.created_by) : null,
    created_at: row.created_at.toISOString(),
    target_ids: row.targets.map((target) => remember(target.user)),
    questions: row.questions.map((question) => ({
      id: question.id,
      question_text: question.question_text,
      description: question.description,
      input_type: question.input_type,
      is_required: question.is_required,
      position: question.position,
    })),
  }));

  const document: ExportDocument = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    scope,
    exported_at: appNow().toISOString(),
    exported_by: toPerson(me),
    family: family ? { id: family.id, name: family.name } : null,
    people: [...people.values()],
    memories,
    questionnaires,
    submissions,
  };
  return { document, photos };
}
