import "server-only";
import { randomInt } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { nextSendAt } from "./send-times";
import { weeklyQuestionEmailJob } from "./weekly-question-email";

// The weekly questions' scheduler (docs/decisions/019-weekly-questions.md). A scheduled job runs
// every five minutes on some instance; each run (1) claims every plan whose question is due, (2)
// queues the email of every send not yet emailed, and (3) claims the reminders that are due.
// Claiming is a conditional UPDATE — the due time moves on only if it is still the one read — and
// each send is unique per plan and due time, so two instances that run at once send each week
// once; the email jobs are keyed by their send, so a send is queued for email any number of times
// and emailed once.

type DuePlan = {
  id: string;
  family_id: string;
  recipient: { family_id: string | null };
  recipient_id: string;
  mode: string;
  time_zone: string;
  weekday: number;
  hour: number;
  next_send_at: Date;
};

/** A send that was never emailed is queued again on each run for this long after it was due, then left alone. */
const REQUEUE_WITHIN_MS = 24 * 60 * 60_000;
/** Plans claimed per run: the rest wait five minutes. */
const PLANS_PER_RUN = 500;

export async function runWeeklyQuestions({ now }: { now: Date }) {
  const prisma = await getDb();
  const due = await prisma.weeklyQuestionPlan.findMany({
    where: { status: "active", next_send_at: { lte: now } },
    orderBy: { next_send_at: "asc" },
    take: PLANS_PER_RUN,
    select: {
      id: true,
      family_id: true,
      recipient: { select: { family_id: true } },
      recipient_id: true,
      mode: true,
      time_zone: true,
      weekday: true,
      hour: true,
      next_send_at: true,
    },
  });
  let claimed = 0;
  for (const plan of due) if (await claimWeek(plan as DuePlan, now)) claimed += 1;

  // Every send waiting for its email, including ones another run claimed but could not queue.
  const unsent = await prisma.weeklyQuestionSend.findMany({
    where: { emailed_at: null, scheduled_for: { gte: new Date(now.getTime() - REQUEUE_WITHIN_MS) } },
    select: { id: true },
  });
  for (const send of unsent) await enqueueJob(weeklyQuestionEmailJob, { sendId: send.id, purpose: "question" }, { singletonKey: `${send.id}.question` });

  // One reminder per question, four local days on, unless it was answered, the plan is not
  // running, or a newer question went out meanwhile (that email carries this one too).
  const reminders = await prisma.weeklyQuestionSend.findMany({
    where: {
      remind_at: { lte: now },
      reminded_at: null,
      answered_at: null,
      email_status: "sent",
      plan: { status: "active" },
    },
    select: { id: true, plan_id: true, scheduled_for: true },
  });
  let reminded = 0;
  for (const send of reminders) {
    const newer = await prisma.weeklyQuestionSend.count({ where: { plan_id: send.plan_id, scheduled_for: { gt: send.scheduled_for } } });
    if (newer > 0) {
      await prisma.weeklyQuestionSend.updateMany({ where: { id: send.id, reminded_at: null }, data: { remind_at: null } });
      continue;
    }
    const { count } = await prisma.weeklyQuestionSend.updateMany({ where: { id: send.id, reminded_at: null, answered_at: null }, data: { reminded_at: now } });
    if (count === 0) continue;
    await enqueueJob(weeklyQuestionEmailJob, { sendId: send.id, purpose: "reminder" }, { singletonKey: `${send.id}.reminder` });
    reminded += 1;
  }
  return { claimed, queued: unsent.length, reminded };
}

/** Claims one plan's due week: moves its due time on and makes the send, or does nothing if another run did. */
async function claimWeek(plan: DuePlan, now: Date): Promise<boolean> {
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    // Weeks missed while no scheduler ran are not sent in a burst: the next is after now.
    const next = nextSendAt({ timeZone: plan.time_zone, weekday: plan.weekday, hour: plan.hour }, now);
    const { count } = await tx.weeklyQuestionPlan.updateMany({
      where: { id: plan.id, status: "active", next_send_at: plan.next_send_at },
      data: { next_send_at: next },
    });
    if (count === 0) return false;
    // Every chosen question was asked or answered, or the recipient left the family: the plan has done its work.
    const questionId = plan.recipient.family_id === plan.family_id ? await pickQuestion(tx, plan) : null;
    if (!questionId) {
      await tx.weeklyQuestionPlan.update({ where: { id: plan.id }, data: { status: "stopped", next_send_at: null } });
      return false;
    }
    await tx.weeklyQuestionSend.create({ data: { plan_id: plan.id, question_id: questionId, scheduled_for: plan.next_send_at } });
    return true;
  });
}

/**
 * The week's question: for a chosen list, the next in order not yet asked by this plan nor answered
 * by the recipient; for "surprise me", any library question the recipient never answered and this
 * plan never asked, at random.
 */
async function pickQuestion(tx: Prisma.TransactionClient, plan: DuePlan): Promise<string | null> {
  const fresh = {
    weekly_sends: { none: { plan_id: plan.id } },
    responses: { none: { submission: { user_id: plan.recipient_id } } },
  } satisfies Prisma.QuestionWhereInput;
  if (plan.mode === "chosen") {
    const item = await tx.weeklyQuestionPlanItem.findFirst({
      where: { plan_id: plan.id, question: fresh },
      orderBy: { position: "asc" },
      select: { question_id: true },
    });
    return item?.question_id ?? null;
  }
  const candidates = await tx.question.findMany({ where: { ...fresh, questionnaire: { audience: "GLOBAL" } }, select: { id: true } });
  if (candidates.length === 0) return null;
  return candidates[randomInt(candidates.length)]!.id;
}

export const weeklyQuestionsSchedulerJob = defineJob({
  name: "weekly-questions",
  schema: z.null(),
  handler: (_data, attempt) => runWeeklyQuestions({ now: attempt.now }),
  retryLimit: 2,
  retryBackoff: false,
  expireInSeconds: 4 * 60,
  schedule: "*/5 * * * *",
  // One run at a time; a slow run never overlaps the next (docs/decisions/012-jobs.md).
  policy: "exclusive",
});
