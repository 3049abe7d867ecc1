import { z } from "zod";
import { UUID_PATTERN } from "./auth";
import { answerProblem, MAX_ANSWER_LENGTH } from "./questionnaires";

// Weekly questions (docs/product.md §13): the set-up form and POST /api/weekly-questions share
// these rules and messages; so do the answer page and POST /api/weekly-questions/answer.

export { WEEKDAYS } from "@/lib/dates";
export const MAX_CHOSEN_QUESTIONS = 100;

export const RECIPIENT_REQUIRED = "Choose who gets the weekly questions.";
export const QUESTIONNAIRE_REQUIRED = "Choose a questionnaire, or let Family Book surprise you.";
export const WEEKDAY_INVALID = "Choose a day of the week.";
export const HOUR_INVALID = "Choose an hour between 0 and 23.";
export const TIME_ZONE_INVALID = "Choose a time zone from the list.";
export const PLAN_NOT_FOUND = "Weekly questions not found";
/** firstName null: the viewer themselves. */
export const ALREADY_RECEIVING = (firstName: string | null) =>
  `${firstName ? `${firstName} already gets` : "You already get"} weekly questions. Stop them first to start new ones.`;
export const NO_QUESTIONS_LEFT = "There are no questions left to ask from this choice: every one has been answered.";
export const ONLY_RECIPIENT_OR_ORGANISER = "Only the person who gets these weekly questions, or whoever set them up, can change them.";
export const PLAN_STOPPED = "These weekly questions were stopped. Set up new ones to start again.";

/** Whether the runtime knows this IANA time zone (the browser in the form, the server at the edge). */
export function isTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

const uuid = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);

export const weeklyPlanSources = ["surprise", "questionnaire", "questions"] as const;

/** POST /api/weekly-questions. */
export const newWeeklyPlanSchema = z
  .object({
    recipient_id: uuid(RECIPIENT_REQUIRED),
    /** "surprise": across the library; "questionnaire": its questions in order; "questions": these, in this order. */
    source: z.enum(weeklyPlanSources, { error: "source must be surprise, questionnaire or questions." }).default("surprise"),
    questionnaire_id: uuid(QUESTIONNAIRE_REQUIRED).nullish(),
    question_ids: z
      .array(uuid("Each question must be a question id."))
      .max(MAX_CHOSEN_QUESTIONS, `Choose at most ${MAX_CHOSEN_QUESTIONS} questions.`)
      .nullish(),
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: z.number({ error: WEEKDAY_INVALID }).int(WEEKDAY_INVALID).min(1, WEEKDAY_INVALID).max(7, WEEKDAY_INVALID),
    hour: z.number({ error: HOUR_INVALID }).int(HOUR_INVALID).min(0, HOUR_INVALID).max(23, HOUR_INVALID),
    time_zone: z.string({ error: TIME_ZONE_INVALID }).trim().min(1, TIME_ZONE_INVALID).max(100, TIME_ZONE_INVALID).refine(isTimeZone, TIME_ZONE_INVALID),
    share_by_default: z.boolean({ error: "share_by_default must be true or false." }).default(false),
    /** Send the first question within minutes instead of at the first chosen weekday and hour. */
    first_question_now: z.boolean({ error: "first_question_now must be true or false." }).default(false),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.source === "questionnaire" && !value.questionnaire_id)
      context.addIssue({ code: "custom", message: QUESTIONNAIRE_REQUIRED, path: ["questionnaire_id"] });
    if (value.source === "questions" && !value.question_ids?.length)
      context.addIssue({ code: "custom", message: "Choose at least one question.", path: ["question_ids"] });
  });

export type NewWeeklyPlanInput = z.input<typeof newWeeklyPlanSchema>;
export type NewWeeklyPlanValues = z.output<typeof newWeeklyPlanSchema>;

export const weeklyPlanStatuses = ["active", "paused", "stopped"] as const;
export type WeeklyPlanStatus = (typeof weeklyPlanStatuses)[number];

/** PATCH /api/weekly-questions/{id}: pause, resume or stop (stopping is final). */
export const NOTHING_TO_CHANGE = "Send a new status, or share_by_default, or both.";

/** PATCH /api/weekly-questions/{id}: pause, resume or stop, and whether answers are shared, without stopping. */
export const changeWeeklyPlanSchema = z
  .object({
    status: z.enum(weeklyPlanStatuses, { error: "status must be active, paused or stopped." }).optional(),
    share_by_default: z.boolean({ error: "share_by_default must be true or false." }).optional(),
  })
  .strict()
  .refine((change) => change.status !== undefined || change.share_by_default !== undefined, NOTHING_TO_CHANGE);

export type ChangeWeeklyPlanValues = z.output<typeof changeWeeklyPlanSchema>;

export const ANSWER_LINK_INVALID = "This link does not work any more. Sign in to Family Book to answer your questions.";

/** POST /api/weekly-questions/answer: the link's token and the answer. */
export const weeklyAnswerSchema = z
  .object({
    token: z.string({ error: ANSWER_LINK_INVALID }).min(1, ANSWER_LINK_INVALID).max(200, ANSWER_LINK_INVALID),
    answer_text: z
      .string({ error: "This question requires an answer" })
      .max(MAX_ANSWER_LENGTH, `An answer can be at most ${MAX_ANSWER_LENGTH} characters long.`)
      .superRefine((text, context) => {
        const problem = answerProblem(text, true);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .transform((text) => text.trim()),
    /** The storyteller's own choice for this answer; without it, what the weekly questions were set up to do. */
    is_shared: z.boolean({ error: "is_shared must be true or false." }).optional(),
  })
  .strict();

export type WeeklyAnswerValues = z.output<typeof weeklyAnswerSchema>;

/**
 * The written words beside an answer told out loud: the recording is the answer, so they may be
 * few or none (docs/product.md §13, §15); they are still plain text and within the length.
 */
export const toldAnswerTextSchema = z
  .string({ error: "This question requires an answer" })
  .max(MAX_ANSWER_LENGTH, `An answer can be at most ${MAX_ANSWER_LENGTH} characters long.`)
  .transform((text) => text.trim());

/** PATCH /api/weekly-questions/answer: the same link shares its answer with the family, or keeps it private. */
export const shareWeeklyAnswerSchema = z
  .object({
    token: z.string({ error: ANSWER_LINK_INVALID }).min(1, ANSWER_LINK_INVALID).max(200, ANSWER_LINK_INVALID),
    is_shared: z.boolean({ error: "is_shared must be true or false." }),
  })
  .strict();

export type ShareWeeklyAnswerValues = z.output<typeof shareWeeklyAnswerSchema>;

/** The link's token alone: what adds photos to its answer, or removes one. */
export const answerLinkTokenSchema = z.strictObject({
  token: z.string({ error: ANSWER_LINK_INVALID }).min(1, ANSWER_LINK_INVALID).max(200, ANSWER_LINK_INVALID),
});

/** The query of PUT /api/weekly-questions/answer/recording: the link, and the sharing of an answer the recording makes. */
export const tellByLinkSchema = answerLinkTokenSchema.extend({
  shared: z
    .enum(["true", "false"], { error: "shared must be true or false." })
    .transform((value) => value === "true")
    .optional(),
});
