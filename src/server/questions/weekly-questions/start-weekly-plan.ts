import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { fullName } from "@/lib/people";
import { ALREADY_RECEIVING, type NewWeeklyPlanValues } from "@/lib/schemas/weekly-questions";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { FAMILY_NOT_FOUND } from "@/server/family/invite-links/get-family-invite";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { messageIdFor } from "@/server/platform/email/message-id";
import { queueEmail } from "@/server/platform/email/queue-email";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { QUESTION_NOT_FOUND, QUESTIONNAIRE_NOT_FOUND, questionOrder, visibleQuestionnairesWhere } from "@/server/questions/questionnaires/questionnaire-dto";
import { describeWeeklyTime } from "./describe-times";
import { getWeeklyPlan } from "./list-weekly-plans";
import { weeklyQuestionsSchedulerJob } from "./run-weekly-questions";
import { nextSendAt } from "./send-times";
import type { WeeklyPlanDto } from "./weekly-plan-dto";

export const FAMILY_MEMBER_NOT_FOUND = "Family member not found";

/**
 * Starts weekly questions for the viewer or for a relative in their family (docs/product.md §13).
 * The questions are ones the recipient may answer; the first is due at the next chosen weekday and
 * hour in the recipient's time zone, or at once if asked. Someone who sets them up for a relative tells them by email.
 */
export async function startWeeklyPlan({ viewer, input, origin }: { viewer: UserDto; input: NewWeeklyPlanValues; origin: string }): Promise<WeeklyPlanDto> {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  const prisma = await getDb();
  // Another family's member answers exactly like a missing one.
  const recipient = await prisma.user.findFirst({
    where: { id: input.recipient_id, family_id: viewer.family_id },
    select: { id: true, first_name: true, family_id: true },
  });
  if (!recipient) throw notFound(FAMILY_MEMBER_NOT_FOUND);

  const answerable = { questionnaire: visibleQuestionnairesWhere(recipient) } satisfies Prisma.QuestionWhereInput;
  let questionIds: string[] = [];
  if (input.source === "questionnaire") {
    const questions = await prisma.question.findMany({
      where: { questionnaire_id: input.questionnaire_id!, ...answerable },
      orderBy: questionOrder,
      select: { id: true },
    });
    if (questions.length === 0) throw notFound(QUESTIONNAIRE_NOT_FOUND);
    questionIds = questions.map((question) => question.id);
  } else if (input.source === "questions") {
    const wanted = [...new Set(input.question_ids!)];
    const found = await prisma.question.findMany({ where: { id: { in: wanted }, ...answerable }, select: { id: true } });
    if (found.length !== wanted.length) throw notFound(QUESTION_NOT_FOUND);
    questionIds = wanted;
  }

  const schedule = { timeZone: input.time_zone, weekday: input.weekday, hour: input.hour };
  let planId: string;
  try {
    const plan = await prisma.weeklyQuestionPlan.create({
      data: {
        family_id: viewer.family_id,
        recipient_id: recipient.id,
        created_by_id: viewer.id,
        mode: input.source === "surprise" ? "surprise" : "chosen",
        time_zone: input.time_zone,
        weekday: input.weekday,
        hour: input.hour,
        share_by_default: input.share_by_default,
        origin,
        next_send_at: input.first_question_now ? now() : nextSendAt(schedule, now()),
        items: { create: questionIds.map((question_id, position) => ({ question_id, position })) },
      },
      select: { id: true },
    });
    planId = plan.id;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const message = ALREADY_RECEIVING(recipient.id === viewer.id ? null : recipient.first_name);
      throw new AppError("CONFLICT", message, { recipient_id: [message] });
    }
    throw error;
  }

  if (input.first_question_now) {
    // The scheduler runs every five minutes anyway; asked now, the first question goes in seconds.
    try {
      await enqueueJob(weeklyQuestionsSchedulerJob, null);
    } catch (error) {
      console.error(`The first weekly question of ${planId} waits for the next scheduled run: the queue could not be reached.`, error);
    }
  }

  if (recipient.id !== viewer.id) {
    // The recipient hears who set it up and how to pause or stop it; the plan stands even if the queue is down.
    try {
      await queueEmail({
        template: "weekly-questions-started",
        to: { userId: recipient.id },
        props: {
          firstName: recipient.first_name,
          organiserName: fullName(viewer),
          when: describeWeeklyTime(input),
          firstNow: input.first_question_now,
          sharedWithFamily: input.share_by_default,
          manageUrl: `${origin}/weekly-questions`,
        },
        origin,
        messageId: messageIdFor(`weekly-questions-started.${planId}`),
      });
    } catch (error) {
      console.error(`The email telling ${recipient.id} about their weekly questions could not be queued:`, error);
    }
  }
  return getWeeklyPlan({ id: planId });
}
