import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { weeklyPlanStatuses } from "@/lib/schemas/weekly-questions";

// Weekly questions as the API and the dashboard show them (docs/product.md §13): who gets them,
// who set them up, when, what was sent and what was answered. Never an answer's text: that is
// the recipient's, and reaches the family only through sharing.

const personSchema = z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() });

export const weeklySendDtoSchema = z.strictObject({
  id: z.guid(),
  question_text: z.string(),
  scheduled_for: z.iso.datetime(),
  /** "waiting": emailed, not answered yet; "not-sent": the email was not sent (turned off, unconfirmed address). */
  state: z.enum(["answered", "waiting", "sending", "not-sent"]),
  reminded: z.boolean(),
  answered_at: z.iso.datetime().nullable(),
});

export const weeklyPlanDtoSchema = z.strictObject({
  id: z.guid(),
  recipient: personSchema,
  organiser: personSchema.nullable(),
  status: z.enum(weeklyPlanStatuses),
  /** "chosen" questions in order, or a "surprise" from the library. */
  mode: z.enum(["chosen", "surprise"]),
  weekday: z.int().min(1).max(7),
  hour: z.int().min(0).max(23),
  time_zone: z.string(),
  share_by_default: z.boolean(),
  next_send_at: z.iso.datetime().nullable(),
  /** Questions in a "chosen" plan; null for "surprise". */
  questions_total: z.int().nullable(),
  sent_count: z.int(),
  answered_count: z.int(),
  /** The latest sends, newest first (at most 5). */
  recent_sends: z.array(weeklySendDtoSchema),
});

export const weeklyPlanListDtoSchema = z.strictObject({ plans: z.array(weeklyPlanDtoSchema) });

export type WeeklyPlanDto = z.output<typeof weeklyPlanDtoSchema>;
export type WeeklySendDto = z.output<typeof weeklySendDtoSchema>;

export const RECENT_SENDS = 5;

const person = { select: { id: true, first_name: true, last_name: true } } as const;

export const weeklyPlanSelect = {
  id: true,
  status: true,
  mode: true,
  weekday: true,
  hour: true,
  time_zone: true,
  share_by_default: true,
  next_send_at: true,
  recipient: person,
  created_by: person,
  _count: { select: { items: true, sends: true } },
  sends: {
    orderBy: [{ scheduled_for: "desc" }],
    take: RECENT_SENDS,
    select: {
      id: true,
      scheduled_for: true,
      email_status: true,
      emailed_at: true,
      reminded_at: true,
      answered_at: true,
      question: { select: { question_text: true } },
    },
  },
} satisfies Prisma.WeeklyQuestionPlanSelect;

type PlanRow = Prisma.WeeklyQuestionPlanGetPayload<{ select: typeof weeklyPlanSelect }>;

export function toWeeklyPlanDto(row: PlanRow, answeredCount: number): WeeklyPlanDto {
  return {
    id: row.id,
    recipient: row.recipient,
    organiser: row.created_by,
    status: row.status as WeeklyPlanDto["status"],
    mode: row.mode as WeeklyPlanDto["mode"],
    weekday: row.weekday,
    hour: row.hour,
    time_zone: row.time_zone,
    share_by_default: row.share_by_default,
    next_send_at: row.next_send_at?.toISOString() ?? null,
    questions_total: row.mode === "chosen" ? row._count.items : null,
    sent_count: row._count.sends,
    answered_count: answeredCount,
    recent_sends: row.sends.map((send) => ({
      id: send.id,
      question_text: send.question.question_text,
      scheduled_for: send.scheduled_for.toISOString(),
      state: send.answered_at ? "answered" : !send.emailed_at ? "sending" : send.email_status === "sent" ? "waiting" : "not-sent",
      reminded: send.reminded_at !== null,
      answered_at: send.answered_at?.toISOString() ?? null,
    })),
  };
}
