import "server-only";
import { z } from "zod";
import { followUpPath } from "@/lib/follow-ups";
import { fullName } from "@/lib/people";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail } from "@/server/platform/email/deliver-email";
import { messageIdFor } from "@/server/platform/email/message-id";
import { getEnv } from "@/server/platform/env";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { countPendingFollowUps, listPendingFollowUps } from "@/server/questions/follow-ups/pending-follow-ups";
import { replyAddressFor } from "@/server/questions/weekly-email-replies/reply-address";
import { issueAnswerLink } from "./answer-links";
import { ANSWER_LINK_DAYS, reminderAt } from "./send-times";

// One weekly question's email, or its one reminder (docs/decisions/019-weekly-questions.md). The
// answer links are made here, in the job, so no token sits in the queue's tables; the Message-ID
// names the send and the purpose, so a job that runs again (a retry, a second instance that queued
// the same send) finds the delivery and sends nothing. The email goes through deliverEmail, which
// respects the "Weekly questions" setting and sends nothing to an unconfirmed address.

/** How many of the family's waiting follow-up questions a weekly email lists; it counts the rest. */
export const FAMILY_QUESTIONS_IN_EMAIL = 3;

const schema = z.union([
  z.strictObject({ sendId: z.uuid(), purpose: z.enum(["question", "reminder"]) }),
  // A reply to the email that carried this link could not be used (docs/decisions/022-answers-by-reply.md).
  z.strictObject({ sendId: z.uuid(), purpose: z.literal("unreadable-reply"), replyLinkId: z.uuid() }),
]);

export async function sendWeeklyQuestionEmail(job: z.output<typeof schema>, now: Date) {
  const { sendId, purpose } = job;
  const prisma = await getDb();
  // One "we couldn't read your reply" per reply address, however many replies to it fail.
  const messageId = messageIdFor(`weekly-question.${sendId}.${purpose}${job.purpose === "unreadable-reply" ? `.${job.replyLinkId}` : ""}`);
  const send = await prisma.weeklyQuestionSend.findUnique({
    where: { id: sendId },
    select: {
      id: true,
      plan_id: true,
      scheduled_for: true,
      emailed_at: true,
      answered_at: true,
      question: { select: { question_text: true, description: true, questionnaire: { select: { title: true } } } },
      plan: {
        select: {
          origin: true,
          time_zone: true,
          share_by_default: true,
          recipient: { select: { id: true, first_name: true, family_id: true } },
          created_by: { select: { id: true, first_name: true, last_name: true } },
        },
      },
    },
  });
  if (!send) return { status: "no-send" };
  if (await prisma.emailDelivery.findUnique({ where: { message_id: messageId }, select: { message_id: true } })) return { status: "already-sent" };
  if (purpose === "question" && send.emailed_at) return { status: "already-sent" };
  if (purpose !== "question" && send.answered_at) return { status: "answered" };
  if (purpose === "unreadable-reply") return sendUnreadableReplyEmail({ send, messageId, now });

  const { plan } = send;
  // Last week's question, if it went out and is still unanswered: it rides along, never in an email of its own.
  const previous =
    purpose === "question"
      ? await prisma.weeklyQuestionSend.findFirst({
          where: { plan_id: send.plan_id, scheduled_for: { lt: send.scheduled_for } },
          orderBy: { scheduled_for: "desc" },
          select: { id: true, answered_at: true, email_status: true, question: { select: { question_text: true } } },
        })
      : null;
  const waitingSend = previous && !previous.answered_at && previous.email_status === "sent" ? previous : null;
  const [answer, waiting] = await prisma.$transaction(async (tx) => [
    await issueAnswerLink(tx, { sendId: send.id, purpose: purpose === "question" ? "email" : "reminder", now, origin: plan.origin }),
    waitingSend ? await issueAnswerLink(tx, { sendId: waitingSend.id, purpose: "email", now, origin: plan.origin }) : null,
  ]);
  const answerUrl = answer.url;
  const waitingUrl = waiting?.url;
  // Replying answers this week's question: the reply address carries the same token as its button.
  const replyTo = replyAddress(answer.token);

  // The family's "Tell us more" questions still waiting for an answer ride along with each week's
  // question until answered: the oldest few, read through the same rule as the screen that lists them.
  const [familyQuestions, familyQuestionsTotal] =
    purpose === "question"
      ? await Promise.all([
          listPendingFollowUps({ viewer: plan.recipient, limit: FAMILY_QUESTIONS_IN_EMAIL }),
          countPendingFollowUps({ viewer: plan.recipient }),
        ])
      : [[], 0];

  const askedBy = plan.created_by && plan.created_by.id !== plan.recipient.id ? fullName(plan.created_by) : null;
  const outcome = await deliverEmail(
    {
      messageId,
      template: "weekly-question",
      to: { userId: plan.recipient.id },
      props: {
        firstName: plan.recipient.first_name,
        questionText: send.question.question_text,
        questionDescription: send.question.description,
        questionnaireTitle: send.question.questionnaire.title,
        askedBy,
        answerUrl,
        validDays: ANSWER_LINK_DAYS,
        reminder: purpose === "reminder",
        sharedByDefault: plan.share_by_default,
        waiting: waitingSend && waitingUrl ? { questionText: waitingSend.question.question_text, answerUrl: waitingUrl } : null,
        manageUrl: `${plan.origin}/weekly-questions`,
        canReply: replyTo !== null,
        familyQuestions: familyQuestions.map((followUp) => ({
          askedBy: fullName(followUp.asked_by),
          storyTitle: followUp.item.title,
          questionText: followUp.question,
          answerUrl: `${plan.origin}${followUpPath(followUp.id)}`,
        })),
        familyQuestionsTotal,
      },
      origin: plan.origin,
    },
    { replyTo: replyTo ?? undefined },
  );
  if (purpose === "question") {
    const sent = outcome.status === "sent" || outcome.status === "already-sent";
    await prisma.weeklyQuestionSend.updateMany({
      where: { id: send.id, emailed_at: null },
      data: { emailed_at: now, email_status: sent ? "sent" : outcome.status, remind_at: sent ? reminderAt(send.scheduled_for, plan.time_zone) : null },
    });
    // The earlier question is answered from this email now: it gets no reminder of its own.
    if (waitingSend && sent) await prisma.weeklyQuestionSend.updateMany({ where: { id: waitingSend.id, reminded_at: null }, data: { remind_at: null } });
  }
  return { status: outcome.status };
}

/** The reply address for a link's token, when replies are taken (INBOUND_DOMAIN). */
function replyAddress(token: string) {
  const domain = getEnv().INBOUND_DOMAIN;
  return domain ? replyAddressFor(token, domain) : null;
}

type SendForEmail = { id: string; question: { question_text: string }; plan: { origin: string; recipient: { id: string; first_name: string } } };

/** The short email that says a reply could not be used, with a fresh link (and reply address) to answer instead. */
async function sendUnreadableReplyEmail({ send, messageId, now }: { send: SendForEmail; messageId: string; now: Date }) {
  const prisma = await getDb();
  const { plan } = send;
  const link = await prisma.$transaction((tx) => issueAnswerLink(tx, { sendId: send.id, purpose: "unreadable-reply", now, origin: plan.origin }));
  const replyTo = replyAddress(link.token);
  const outcome = await deliverEmail(
    {
      messageId,
      template: "weekly-reply-unreadable",
      to: { userId: plan.recipient.id },
      props: {
        firstName: plan.recipient.first_name,
        questionText: send.question.question_text,
        answerUrl: link.url,
        validDays: ANSWER_LINK_DAYS,
        manageUrl: `${plan.origin}/weekly-questions`,
      },
      origin: plan.origin,
    },
    { replyTo: replyTo ?? undefined },
  );
  return { status: outcome.status };
}

export const weeklyQuestionEmailJob = defineJob({
  name: "weekly-question-email",
  schema,
  handler: (data, attempt) => sendWeeklyQuestionEmail(data, attempt.now),
  retryLimit: 8,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  // One waiting and one running per send and purpose: the scheduler may queue it on every run.
  policy: "stately",
});
