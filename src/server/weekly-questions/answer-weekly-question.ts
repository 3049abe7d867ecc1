import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Prisma } from "@/generated/prisma/client";
import { ANSWER_LINK_INVALID, type WeeklyAnswerValues } from "@/lib/schemas/weekly-questions";
import { hashToken } from "@/server/auth/sessions";
import { now } from "@/server/clock";
import { getDb } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/app-error";
import { fromIsoDate } from "@/server/memories/memory-dto";
import type { StoredPhoto } from "@/server/memories/photo-pipeline";
import { TITLE_MAX_LENGTH } from "@/lib/schemas/memories";

// Answering a weekly question from its emailed link (docs/decisions/019-weekly-questions.md): no
// password, the token is the permission — for one question, one person, 14 days, one answer. The
// answer becomes an ordinary response of the recipient's (Completed Questionnaires, sharing, the
// Family Book, the printed book), shared or not as the plan says; the recipient can change that.

export const ALREADY_ANSWERED_BY_LINK = "This question has been answered. Sign in to Family Book to read or share your answer.";
export const LINK_FOR_SOMEONE_ELSE = "This link is for someone else's question. Sign out first if you want to answer it for them on this device.";

export type AnswerLinkState =
  | {
      state: "open";
      first_name: string;
      question_text: string;
      description: string | null;
      input_type: "text" | "textarea";
      questionnaire_title: string;
      asked_by: string | null;
      share_by_default: boolean;
    }
  | { state: "answered" }
  | { state: "invalid" };

export type ReplyMemory = { id: string; photos: StoredPhoto[] };

/** The question, as a memory's title (titles are shorter than questions may be). */
export const memoryTitleFor = (question: string) => (question.length <= TITLE_MAX_LENGTH ? question : `${question.slice(0, TITLE_MAX_LENGTH - 1).trimEnd()}…`);

export const linkSelect = {
  id: true,
  expires_at: true,
  used_at: true,
  send: {
    select: {
      id: true,
      answered_at: true,
      question_id: true,
      question: { select: { question_text: true, description: true, input_type: true, questionnaire_id: true, questionnaire: { select: { title: true, allow_multiple_responses: true } } } },
      plan: {
        select: {
          family_id: true,
          share_by_default: true,
          time_zone: true,
          recipient: { select: { id: true, first_name: true, family_id: true, email_normalized: true, email_verified_at: true } },
          created_by: { select: { id: true, first_name: true, last_name: true } },
        },
      },
    },
  },
} satisfies Prisma.WeeklyQuestionTokenSelect;

/** What the answer page shows for a link, without using it: reading the page twice changes nothing. */
export async function readAnswerLink({ token }: { token: string }): Promise<AnswerLinkState> {
  const prisma = await getDb();
  const link = token ? await prisma.weeklyQuestionToken.findUnique({ where: { token_hash: hashToken(token) }, select: linkSelect }) : null;
  if (!link) return { state: "invalid" };
  const { send } = link;
  if (link.used_at || send.answered_at) return { state: "answered" };
  if (link.expires_at <= now() || send.plan.recipient.family_id !== send.plan.family_id) return { state: "invalid" };
  const { plan } = send;
  return {
    state: "open",
    first_name: plan.recipient.first_name,
    question_text: send.question.question_text,
    description: send.question.description,
    input_type: send.question.input_type,
    questionnaire_title: send.question.questionnaire.title,
    asked_by: plan.created_by && plan.created_by.id !== plan.recipient.id ? `${plan.created_by.first_name} ${plan.created_by.last_name}`.trim() : null,
    share_by_default: plan.share_by_default,
  };
}

/**
 * Saves the answer and uses the link, in one transaction: the link and the week's question are each
 * claimed by a conditional UPDATE, so two submits at once (a double tap, two links of one question)
 * save one answer. A link that is unknown, expired, used, or opened by someone signed in as another
 * person saves nothing.
 */
export async function answerWeeklyQuestion({
  input,
  signedInAs,
  memory,
}: {
  input: WeeklyAnswerValues;
  signedInAs: string | null;
  /** A reply's photos, already stored: kept with the answer as a private memory of the recipient's, linked to it. */
  memory?: ReplyMemory;
}) {
  const prisma = await getDb();
  const at = now();
  return prisma.$transaction(async (tx) => {
    const link = await tx.weeklyQuestionToken.findUnique({ where: { token_hash: hashToken(input.token) }, select: linkSelect });
    if (!link) throw notFound(ANSWER_LINK_INVALID);
    const { send } = link;
    const recipient = send.plan.recipient;
    if (signedInAs && signedInAs !== recipient.id) throw new AppError("FORBIDDEN", LINK_FOR_SOMEONE_ELSE);
    if (link.used_at || send.answered_at) throw new AppError("CONFLICT", ALREADY_ANSWERED_BY_LINK);
    if (link.expires_at <= at || recipient.family_id !== send.plan.family_id) throw notFound(ANSWER_LINK_INVALID);

    const usedLink = await tx.weeklyQuestionToken.updateMany({ where: { id: link.id, used_at: null, expires_at: { gt: at } }, data: { used_at: at } });
    const answeredSend = await tx.weeklyQuestionSend.updateMany({ where: { id: send.id, answered_at: null }, data: { answered_at: at } });
    if (usedLink.count === 0 || answeredSend.count === 0) throw new AppError("CONFLICT", ALREADY_ANSWERED_BY_LINK);

    const questionnaireId = send.question.questionnaire_id;
    // The same lock as answering the questionnaire on its page: one set of answers per person stays one.
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`submission:${recipient.id}:${questionnaireId}`}))) AS acquired`;
    // A questionnaire that takes one set of answers per person gathers its weekly answers in that one
    // set; otherwise (or when this question was answered there already) the answer is a set of its own.
    const existing = send.question.questionnaire.allow_multiple_responses
      ? null
      : await tx.submission.findFirst({
          where: { questionnaire_id: questionnaireId, user_id: recipient.id, responses: { none: { question_id: send.question_id } } },
          orderBy: { created_at: "asc" },
          select: { id: true },
        });
    const submissionId =
      existing?.id ??
      (await tx.submission.create({ data: { questionnaire_id: questionnaireId, user_id: recipient.id, family_id: recipient.family_id, created_at: at }, select: { id: true } })).id;
    const response = await tx.response.create({
      // Written at the app's clock, as the send is answered: the weekly digest lists answers by when they were given.
      data: { submission_id: submissionId, question_id: send.question_id, answer_text: input.answer_text, is_shared: send.plan.share_by_default, created_at: at },
      select: { id: true, is_shared: true },
    });
    await tx.weeklyQuestionSend.update({ where: { id: send.id }, data: { response_id: response.id } });
    if (memory) {
      await tx.memory.create({
        data: {
          id: memory.id,
          user_id: recipient.id,
          family_id: recipient.family_id,
          title: memoryTitleFor(send.question.question_text),
          content: input.answer_text,
          // Today on the recipient's own calendar.
          memory_date: fromIsoDate(format(new TZDate(at.getTime(), send.plan.time_zone), "yyyy-MM-dd")),
          is_shared: false,
          created_at: at,
          response_id: response.id,
          memory_photos: { create: memory.photos.map((photo, index) => ({ ...photo, order_number: index })) },
        },
      });
    }
    return { answer: { response_id: response.id, submission_id: submissionId, is_shared: response.is_shared }, memoryId: memory?.id ?? null };
  });
}
