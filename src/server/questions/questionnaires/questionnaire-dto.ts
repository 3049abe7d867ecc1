import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { questionInputTypes } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { answerRecordingDto, answerRecordingSelect } from "@/server/recordings/answer-recording";
import { recordingDtoSchema } from "@/server/recordings/recording-dto";
import { answerPhotoDtoSchema, answerPhotosSelect, toAnswerPhotoDtos } from "./answer-photos";

// The questionnaire entities of docs/product.md §3 as the API and the pages show them (snake_case DTOs).

export const questionnaireDtoSchema = z.strictObject({
  id: z.guid(),
  title: z.string(),
  description: z.string().nullable(),
  audience: z.enum(["GLOBAL", "FAMILY_WIDE", "SPECIFIC_FAMILY_MEMBERS"]),
  family_id: z.guid().nullable(),
  allow_multiple_responses: z.boolean(),
});

export const questionDtoSchema = z.strictObject({
  id: z.guid(),
  question_text: z.string(),
  description: z.string().nullable(),
  is_required: z.boolean(),
  questionnaire_id: z.guid(),
  input_type: z.enum(questionInputTypes),
});

export const responseDtoSchema = z.strictObject({
  id: z.guid(),
  question_id: z.guid(),
  answer_text: z.string(),
  is_shared: z.boolean(),
  submission_id: z.guid(),
  created_at: z.iso.datetime(),
  photos: z.array(answerPhotoDtoSchema).meta({ description: "Up to 5 photos given with the answer, in their order (docs/decisions/039-answer-photos.md)." }),
  recording: recordingDtoSchema.nullable().meta({
    description: "The answer told out loud, or null; its addresses are the app's own, answered with a redirect for a reader who may hear it.",
  }),
});

/** One sitting of answers, with its answers. */
export const submissionDtoSchema = z.strictObject({
  id: z.guid(),
  questionnaire_id: z.guid(),
  created_at: z.iso.datetime(),
  is_shared: z.boolean(),
  responses: z.array(responseDtoSchema),
});

export type QuestionnaireDto = z.output<typeof questionnaireDtoSchema>;
export type QuestionnaireAudience = QuestionnaireDto["audience"];
export type QuestionDto = z.output<typeof questionDtoSchema>;
export type ResponseDto = z.output<typeof responseDtoSchema>;
export type SubmissionDto = z.output<typeof submissionDtoSchema>;

export const QUESTIONNAIRE_NOT_FOUND = "Questionnaire not found";
export const QUESTION_NOT_FOUND = "Question not found";

export const questionnaireSelect = {
  id: true,
  title: true,
  description: true,
  audience: true,
  family_id: true,
  allow_multiple_responses: true,
} as const;

export const questionSelect = {
  id: true,
  question_text: true,
  description: true,
  is_required: true,
  questionnaire_id: true,
  input_type: true,
} as const;

export const responseSelect = {
  id: true,
  question_id: true,
  answer_text: true,
  is_shared: true,
  submission_id: true,
  created_at: true,
  photos: answerPhotosSelect,
  recording: answerRecordingSelect,
} as const;

export const questionOrder = [{ position: "asc" }, { id: "asc" }] satisfies Prisma.QuestionOrderByWithRelationInput[];

type QuestionnaireRow = Prisma.QuestionnaireGetPayload<{ select: typeof questionnaireSelect }>;
type QuestionRow = Prisma.QuestionGetPayload<{ select: typeof questionSelect }>;
type ResponseRow = Prisma.ResponseGetPayload<{ select: typeof responseSelect }>;

export function toQuestionnaireDto(row: QuestionnaireRow): QuestionnaireDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    audience: row.audience,
    family_id: row.family_id,
    allow_multiple_responses: row.allow_multiple_responses,
  };
}

export function toQuestionDto(row: QuestionRow): QuestionDto {
  return {
    id: row.id,
    question_text: row.question_text,
    description: row.description,
    is_required: row.is_required,
    questionnaire_id: row.questionnaire_id,
    input_type: row.input_type,
  };
}

export function toResponseDto(row: ResponseRow): ResponseDto {
  return {
    id: row.id,
    question_id: row.question_id,
    answer_text: row.answer_text,
    is_shared: row.is_shared,
    submission_id: row.submission_id,
    created_at: row.created_at.toISOString(),
    photos: toAnswerPhotoDtos(row.id, row.photos),
    recording: answerRecordingDto(row.id, row.recording),
  };
}

/**
 * The WHERE clause for "questionnaires this viewer may see" (docs/product.md §6): the GLOBAL library,
 * their family's FAMILY_WIDE ones, and SPECIFIC_FAMILY_MEMBERS ones they created or are a target of.
 */
export function visibleQuestionnairesWhere(viewer: Pick<UserDto, "id" | "family_id">): Prisma.QuestionnaireWhereInput {
  const targetedAtViewer: Prisma.QuestionnaireWhereInput = {
    audience: "SPECIFIC_FAMILY_MEMBERS",
    OR: [{ created_by_id: viewer.id }, { targets: { some: { user_id: viewer.id } } }],
  };
  if (!viewer.family_id) return { OR: [{ audience: "GLOBAL" }, { ...targetedAtViewer, created_by_id: viewer.id }] };
  return {
    OR: [{ audience: "GLOBAL" }, { audience: "FAMILY_WIDE", family_id: viewer.family_id }, { ...targetedAtViewer, family_id: viewer.family_id }],
  };
}
