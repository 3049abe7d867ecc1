import { z } from "zod";
import { MAX_PHOTOS_PER_MEMORY, MIN_ANSWER_LENGTH } from "@/lib/constants";
import { UUID_PATTERN } from "./auth";
import { plainText } from "./text";

// One schema per rule, used by the questionnaire forms (react-hook-form) and the route handlers.

export const ANSWER_REQUIRED = "This question requires an answer";
export const ANSWER_TOO_SHORT = "Please provide a more detailed answer";
export const TITLE_REQUIRED = "Title is required";
export const QUESTIONS_REQUIRED = "At least one question is required";
export const QUESTION_TEXT_REQUIRED = "Question text is required";
export const TARGETS_REQUIRED = "At least one family member must be selected for specific targeting.";
export const ALREADY_ANSWERED =
  "You have already answered this questionnaire, and it takes one set of answers per person. You can find your answers under My Completed Questionnaires.";

export const QUESTION_ALREADY_ANSWERED =
  "You have already answered this question, and its questionnaire takes one answer to each question per person. You can find your answer under My Completed Questionnaires.";
export const MAX_ANSWER_LENGTH = 20_000;
export const MAX_QUESTIONS = 50;

/**
 * The answering rule of docs/product.md §5 in one place: a required question needs an answer, and any
 * answer that is given must be at least MIN_ANSWER_LENGTH characters (spaces around it ignored).
 */
export function answerProblem(answer: string | undefined | null, isRequired: boolean): string | null {
  const text = (answer ?? "").trim();
  if (text.length === 0) return isRequired ? ANSWER_REQUIRED : null;
  if (text.length < MIN_ANSWER_LENGTH) return ANSWER_TOO_SHORT;
  return null;
}

const uuid = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);

// ---- Answering ------------------------------------------------------------------------------

/** An answer's text as the API takes it; whether it is long enough is answerProblem's to say. */
export const answerText = z
  .string({ error: "Each answer must be text." })
  .max(MAX_ANSWER_LENGTH, `Answers can be at most ${MAX_ANSWER_LENGTH} characters long.`)
  .superRefine(plainText("An answer", "multi-line"));

/** POST /api/questionnaires/responses: the saved answers payload of docs/product.md §3. */
export const saveResponsesSchema = z.object({
  responses: z
    .array(
      z.object({
        question_id: uuid("Each answer must name its question."),
        answer_text: answerText,
      }),
      { error: "Send the answers as a list of question_id and answer_text." },
    )
    .min(1, "Please answer at least one question.")
    .max(MAX_QUESTIONS * 2, "Too many answers."),
});

/** POST /api/questionnaires/questions/{id}/answer: one answer, saved on its own (Ask a Question). */
export const answerOneQuestionSchema = z.object({ answer_text: answerText });
export type AnswerOneQuestionValues = z.output<typeof answerOneQuestionSchema> & { question_id: string };

export type SaveResponsesInput = z.input<typeof saveResponsesSchema>;
export type SaveResponsesValues = z.output<typeof saveResponsesSchema>;

/** The answering form: one text per question, in the questionnaire's order. */
export function answerFormSchema(questions: { is_required: boolean }[]) {
  return z.object({
    answers: z
      .array(
        z.string().max(MAX_ANSWER_LENGTH, `Answers can be at most ${MAX_ANSWER_LENGTH} characters long.`).superRefine(plainText("Your answer", "multi-line")),
      )
      .superRefine((answers, context) => {
        questions.forEach((question, index) => {
          const problem = answerProblem(answers[index], question.is_required);
          if (problem) context.addIssue({ code: "custom", message: problem, path: [index] });
        });
      }),
  });
}

export type AnswerFormValues = { answers: string[] };

// ---- Sharing --------------------------------------------------------------------------------

/** PATCH …/toggle-shared: the new state; without it the state flips. */
export const toggleSharedSchema = z.object({
  is_shared: z.boolean({ error: "is_shared must be true or false." }).optional(),
});

export type ToggleSharedValues = z.output<typeof toggleSharedSchema>;

/** PATCH /api/questionnaires/{id}/submissions: Share All (true) or Unshare All (false); no flipping. */
export const shareAllSchema = z.object({
  is_shared: z.boolean({ error: "is_shared must be true or false." }),
});

export type ShareAllValues = z.output<typeof shareAllSchema>;

// ---- Custom questionnaires ------------------------------------------------------------------

export const questionInputTypes = ["text", "textarea"] as const;
export const customAudiences = ["FAMILY_WIDE", "SPECIFIC_FAMILY_MEMBERS"] as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters long.`)
    .superRefine(plainText(label, "multi-line"))
    .nullish()
    .transform((value) => (value ? value : null));

export const questionText = z
  .string({ error: QUESTION_TEXT_REQUIRED })
  .trim()
  .min(1, QUESTION_TEXT_REQUIRED)
  .max(500, "Question text can be at most 500 characters long.")
  .superRefine(plainText("Question text"));
export const questionDescription = optionalText(1000, "A question's description");
export const questionnaireTitle = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, "Title can be at most 200 characters long.")
  .superRefine(plainText("Title"));
export const questionnaireDescription = optionalText(2000, "Description");

export const customQuestionSchema = z.object({
  question_text: questionText,
  description: questionDescription,
  input_type: z.enum(questionInputTypes, { error: "Input type must be text or textarea." }).default("text"),
  is_required: z.boolean().default(false),
  /** The form's own key for the row; never stored. */
  tempId: z.string().max(100).superRefine(plainText("tempId")).optional(),
});

export const createQuestionnaireSchema = z
  .object({
    title: questionnaireTitle,
    description: questionnaireDescription,
    audience: z.enum(customAudiences, { error: "Audience must be FAMILY_WIDE or SPECIFIC_FAMILY_MEMBERS." }).default("FAMILY_WIDE"),
    questions: z
      .array(customQuestionSchema, { error: QUESTIONS_REQUIRED })
      .min(1, QUESTIONS_REQUIRED)
      .max(MAX_QUESTIONS, `A questionnaire can have at most ${MAX_QUESTIONS} questions.`),
    targetUserIds: z.array(uuid("Each selected family member must be a member id.")).max(500).optional(),
    allow_multiple_responses: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.audience === "SPECIFIC_FAMILY_MEMBERS" && !value.targetUserIds?.length) {
      context.addIssue({ code: "custom", message: TARGETS_REQUIRED, path: ["targetUserIds"] });
    }
  });

export type CreateQuestionnaireInput = z.input<typeof createQuestionnaireSchema>;
export type CreateQuestionnaireValues = z.output<typeof createQuestionnaireSchema>;

/** An answer carries at most as many photos as a memory (docs/decisions/039-answer-photos.md). */
export const MAX_PHOTOS_PER_ANSWER = MAX_PHOTOS_PER_MEMORY;
export const TOO_MANY_ANSWER_PHOTOS = `An answer can have at most ${MAX_PHOTOS_PER_ANSWER} photos.`;
