import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { fullName } from "@/lib/people";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportComment,
  type ExportDocument,
  type ExportFollowUp,
  type ExportPerson,
  type ExportPhoto,
  type ExportRecording,
  type ExportScope,
} from "@/lib/schemas/data-export";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { commentsOpenTo, followUpsOpenTo } from "@/server/conversations/conversation-item";
import { FORMER_MEMBER } from "@/server/family/members/former-member";
import { ownedBy, sharedWith } from "@/server/memories/memory-visibility";
import { now as appNow } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { answerSharedWhere, visibleSubmissionsWhere } from "@/server/questions/questionnaires/answer-visibility";
import type { RecordingContainer } from "@/server/recordings/inspect-recording";
import { RECORDING_EXTENSIONS } from "@/server/recordings/store-recording";
import { photoFileNamer } from "./photo-file-names";

// What an export holds (docs/export-format.md): for "account", everything the person wrote, shared
// or not; for "family", what the family may read (memory-visibility.ts and answer-visibility.ts
// decide that, as for every other reader), every member's. Only a family admin exports the family.
// Each memory and each answer comes with its photos' originals, and a memory with its recording.

export const NOT_FAMILY_ADMIN = "Only an admin of your family can export the family's book.";

/** A photo or a recording in the export: where its original is in storage, and where it goes in the ZIP. */
export type ExportPhotoSource = { key: string; file: string; byteSize: number };

export type GatheredExport = {
  document: ExportDocument;
  photos: ExportPhotoSource[];
};

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

const personSelect = {
  id: true,
  first_name: true,
  last_name: true,
  email: true,
} as const;
const toPerson = (row: ExportPerson): ExportPerson => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
});

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
  const row = await prisma.user.findUnique({
    where: { id: viewer.id },
    select: { family_role: true, family_id: true },
  });
  if (!row?.family_id || row.family_role !== "admin") throw new AppError("FORBIDDEN", NOT_FAMILY_ADMIN);
}

function memoryWhere(viewer: UserDto, scope: ExportScope): Prisma.MemoryWhereInput {
  return scope === "account" ? ownedBy(viewer) : sharedWith(viewer);
}

function submissionWhere(viewer: UserDto, scope: ExportScope): Prisma.SubmissionWhereInput | null {
  return scope === "account" ? { user_id: viewer.id } : visibleSubmissionsWhere(viewer);
}

/** The answers an export carries: one's own, or those the family may read. */
function responseWhere(viewer: UserDto, scope: ExportScope): Prisma.ResponseWhereInput | null {
  const submissions = submissionWhere(viewer, scope);
  if (!submissions) return null;
  return scope === "family" ? { AND: [{ submission: submissions }, answerSharedWhere] } : { submission: submissions };
}

/**
 * How many photos and bytes an export would carry, its memories' and its answers' (their
 * recordings counted with the photos' bytes): what decides between a download and a job.
 */
export async function measureExport(viewer: UserDto, scope: ExportScope) {
  await assertMayExport(viewer, scope);
  const prisma = await getDb();
  const responses = responseWhere(viewer, scope);
  const [memories, photos, answerPhotos, recordings] = await Promise.all([
    prisma.memory.count({ where: memoryWhere(viewer, scope) }),
    prisma.memoryPhoto.aggregate({
      where: { memory: memoryWhere(viewer, scope) },
      _count: { _all: true },
      _sum: { byte_size: true },
    }),
    responses
      ? prisma.responsePhoto.aggregate({
          where: { response: responses },
          _count: { _all: true },
          _sum: { byte_size: true },
        })
      : null,
    prisma.recording.aggregate({
      where: {
        OR: [
          { memory: memoryWhere(viewer, scope) },
          ...(responses ? [{ response: responses }] : []),
          // The answers to the questions under them, as the export carries them (followUpsSelect).
          {
            follow_up: {
              AND: [followUpsWhere(viewer, scope), { OR: [{ memory: memoryWhere(viewer, scope) }, ...(responses ? [{ response: responses }] : [])] }],
            },
          },
        ],
      },
      _sum: { byte_size: true },
    }),
  ]);
  return {
    memories,
    photos: photos._count._all + (answerPhotos?._count._all ?? 0),
    photoBytes: (photos._sum.byte_size ?? 0) + (answerPhotos?._sum.byte_size ?? 0) + (recordings._sum.byte_size ?? 0),
  };
}

/**
 * The "Tell us more" questions under an exported story (docs/product.md §22): in one's own export,
 * every question asked about one's stories, waiting or answered, in whichever family (the answers
 * are the person's own words); in the family's, the answered ones the family reads under the
 * story, which leaves out those asked in a family the story has left
 * (docs/decisions/037-conversations-stay-in-their-family.md).
 */
function followUpsWhere(viewer: UserDto, scope: ExportScope): Prisma.FollowUpQuestionWhereInput {
  return scope === "family" ? { AND: [{ answered_at: { not: null } }, followUpsOpenTo(viewer)] } : {};
}

function followUpsSelect(viewer: UserDto, scope: ExportScope) {
  return {
    where: followUpsWhere(viewer, scope),
    select: {
      id: true,
      question: true,
      created_at: true,
      answer: true,
      answered_at: true,
      asker: { select: { ...personSelect, family_id: true } },
      recording: true,
    },
    orderBy: [{ created_at: "asc" as const }, { id: "asc" as const }],
  };
}

/**
 * The comments under an exported item (docs/product.md §17): in one's own export, every comment on
 * one's items, in whichever family it was written; in the family's, those the family reads there.
 */
function commentsSelect(viewer: UserDto, scope: ExportScope) {
  return {
    where: scope === "family" ? commentsOpenTo(viewer) : {},
    select: {
      id: true,
      body: true,
      created_at: true,
      user: { select: { ...personSelect, family_id: true } },
    },
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
  type RecordingRow = {
    id: string;
    original_key: string;
    file_name: string;
    content_type: string;
    container: string;
    duration_ms: number;
    byte_size: number;
    created_at: Date;
    transcript: string | null;
    transcript_by: string | null;
  };
  // Someone who asked and has since left the family is named, never given an address, as tags are;
  // someone who deleted their account is "A former member".
  type AskedRow = {
    id: string;
    question: string;
    created_at: Date;
    answer: string | null;
    answered_at: Date | null;
    asker: (ExportPerson & { family_id: string | null }) | null;
    recording: RecordingRow | null;
  };
  const rememberRelative = (person: (ExportPerson & { family_id: string | null }) | null) =>
    remember(person && person.family_id === viewer.family_id ? person : departedPerson(person ? fullName(person) || FORMER_MEMBER : FORMER_MEMBER));
  const toExportFollowUp = (row: AskedRow): ExportFollowUp => ({
    id: row.id,
    asked_by_id: rememberRelative(row.asker),
    question: row.question,
    asked_at: row.created_at.toISOString(),
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
    // Named by the day it was answered and its question, as an answer's is.
    recording: row.recording && exportRecording(names.item((row.answered_at ?? row.created_at).toISOString().slice(0, 10), row.question), row.recording),
  });
  type CommentRow = {
    id: string;
    body: string;
    created_at: Date;
    user: ExportPerson & { family_id: string | null };
  };
  const toExportComment = (row: CommentRow): ExportComment => ({
    id: row.id,
    author_id: rememberRelative(row.user),
    body: row.body,
    created_at: row.created_at.toISOString(),
  });

  const [me, family, memoryRows] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: viewer.id },
      select: personSelect,
    }),
    viewer.family_id
      ? prisma.family.findUnique({
          where: { id: viewer.family_id },
          select: { id: true, name: true },
        })
      : null,
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
        memory_tags: {
          select: { tagged_user: { select: personSelect }, tagged_name: true },
          orderBy: [{ created_at: "asc" }, { id: "asc" }],
        },
        memory_photos: { orderBy: { order_number: "asc" } },
        recording: true,
        follow_ups: followUpsSelect(viewer, scope),
        comments: commentsSelect(viewer, scope),
      },
      orderBy: [{ memory_date: "asc" }, { created_at: "asc" }, { id: "asc" }],
    }),
  ]);
  remember(me);

  const photos: ExportPhotoSource[] = [];
  const names = photoFileNamer();
  type PhotoRow = {
    id: string;
    order_number: number;
    original_key: string;
    content_type: string;
    width: number;
    height: number;
    byte_size: number;
    created_at: Date;
  };
  /** An item's photos, in their order, named under the item's stem; their originals go into the ZIP. */
  const exportPhotos = (photoName: ReturnType<typeof names.item>, rows: PhotoRow[]): ExportPhoto[] =>
    rows.map((photo, index) => {
      const file = photoName(index + 1, EXTENSIONS[photo.content_type] ?? "jpg");
      photos.push({
        key: photo.original_key,
        file,
        byteSize: photo.byte_size,
      });
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
    });
  /** A memory's, an answer's or a follow-up answer's recording as it was made; the original goes into the ZIP beside its photos. */
  const exportRecording = (photoName: ReturnType<typeof names.item>, recording: RecordingRow): ExportRecording => {
    const file = photoName.recording(RECORDING_EXTENSIONS[recording.container as RecordingContainer] ?? "webm");
    photos.push({ key: recording.original_key, file, byteSize: recording.byte_size });
    return {
      id: recording.id,
      file,
      content_type: recording.content_type as ExportRecording["content_type"],
      duration_seconds: recording.duration_ms / 1000,
      byte_size: recording.byte_size,
      file_name: recording.file_name,
      created_at: recording.created_at.toISOString(),
      transcript: recording.transcript,
      transcript_by: recording.transcript ? (recording.transcript_by as ExportRecording["transcript_by"]) : null,
    };
  };
  const memories = memoryRows.map((row) => {
    const photoName = names.item(row.memory_date.toISOString().slice(0, 10), row.title);
    return {
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
        return {
          id: remember(person),
          name: fullName(person),
          email: person.email,
        };
      }),
      photos: exportPhotos(photoName, row.memory_photos),
      recording: row.recording && exportRecording(photoName, row.recording),
      follow_ups: row.follow_ups.map(toExportFollowUp),
      comments: row.comments.map(toExportComment),
    };
  });

  const submissionFilter = submissionWhere(viewer, scope);
  const photoOrder = [{ order_number: "asc" as const }, { id: "asc" as const }];
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
              photos: { orderBy: photoOrder },
              recording: true,
              follow_ups: followUpsSelect(viewer, scope),
              comments: commentsSelect(viewer, scope),
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
      responses: row.responses.map((response) => {
        // Named by the day the answer was given and its question.
        const answerName = () => names.item(response.created_at.toISOString().slice(0, 10), response.question.question_text);
        const photoName = response.photos.length > 0 || response.recording ? answerName() : null;
        return {
          id: response.id,
          question_id: response.question.id,
          question_text: response.question.question_text,
          answer_text: response.answer_text,
          is_shared: response.is_shared,
          created_at: response.created_at.toISOString(),
          photos: photoName && response.photos.length > 0 ? exportPhotos(photoName, response.photos) : [],
          recording: photoName && response.recording ? exportRecording(photoName, response.recording) : null,
          follow_ups: response.follow_ups.map(toExportFollowUp),
          comments: response.comments.map(toExportComment),
        };
      }),
    }));

  // The family's own questionnaires: the ones written by the person (account) or in the family
  // (family), and any other one an exported answer belongs to, so every answer keeps its questions.
  const answeredCustom = [...new Set(submissions.filter((row) => !row.library).map((row) => row.questionnaire_id))];
  const questionnaireRows = await prisma.questionnaire.findMany({
    where: {
      audience: { not: "GLOBAL" },
      OR: [
        { id: { in: answeredCustom } },
        scope === "account"
          ? { created_by_id: viewer.id }
          : {
              family_id: viewer.family_id ?? "00000000-0000-0000-0000-000000000000",
            },
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
      targets: {
        select: { user: { select: personSelect } },
        orderBy: { user_id: "asc" },
      },
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
