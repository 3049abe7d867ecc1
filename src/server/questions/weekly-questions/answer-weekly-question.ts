import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { fullName } from "@/lib/people";
import { ANSWER_LINK_INVALID, type ShareWeeklyAnswerValues, type WeeklyAnswerValues } from "@/lib/schemas/weekly-questions";
import { hashToken } from "@/server/accounts/auth/sessions";
import type { StoredPhoto } from "@/server/memories/photo-pipeline";
import { notifyWeeklyAnswer } from "@/server/news/notifications/record";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { signedAnswerPhotos, type AnswerPhotoDto } from "@/server/questions/questionnaires/answer-photos";
import { findOnlyAnswerSet, lockAnswerSets } from "@/server/questions/questionnaires/answer-sets";
import { settleSubmissionShared } from "@/server/questions/questionnaires/submission-sharing";
import { signedAnswerRecording } from "@/server/recordings/answer-recording";
import type { RecordingDto } from "@/server/recordings/recording-dto";

// Answering a weekly question from its emailed link (docs/decisions/019-weekly-questions.md): no
// password, the token is the permission — for one question, one person, 14 days, one answer. The
// answer becomes an ordinary response of the recipient's (Completed Questionnaires, sharing, the
// Family Book, the printed book), shared or not as the plan says; the recipient can change that.

export const ALREADY_ANSWERED_BY_LINK = "This question has been answered. Sign in to Family Book to read or share your answer.";
export const LINK_FOR_SOMEONE_ELSE = "This link is for someone else's question. Sign out first if you want to answer it for them on this device.";

export type AnswerLinkState =
  | {
      state: "open";
      /** The week's question: a take of its answer in the making is kept in the browser under it. */
      send_id: string;
      /** The storyteller: a recording in the making is kept in the browser for them alone. */
      recipient_id: string;
      first_name: string;
      question_text: string;
      description: string | null;
      input_type: "text" | "textarea";
      questionnaire_title: string;
      asked_by: string | null;
      share_by_default: boolean;
    }
  | {
      state: "answered";
      /** While the link is valid, its answer can still be shared or kept private from this page. */
      answer: {
        response_id: string;
        recipient_id: string;
        first_name: string;
        question_text: string;
        is_shared: boolean;
        photos: AnswerPhotoDto[];
        recording: RecordingDto | null;
      } | null;
    }
  | { state: "invalid" };

/**
 * What a reply brought besides its words, already stored under the answer's id: its photos
 * (photoFolder.answer) and its recording (recordings/<answer id>/), which become the answer's.
 */
export type ReplyFiles = {
  responseId: string;
  photos: StoredPhoto[];
  recording?: Omit<Prisma.RecordingCreateWithoutResponseInput, "memory">;
};

export const linkSelect = {
  id: true,
  expires_at: true,
  used_at: true,
  send: {
    select: {
      id: true,
      answered_at: true,
      response_id: true,
      question_id: true,
      question: {
        select: {
          question_text: true,
          description: true,
          input_type: true,
          questionnaire_id: true,
          questionnaire: { select: { title: true, allow_multiple_responses: true } },
        },
      },
      plan: {
        select: {
          family_id: true,
          origin: true,
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
  const valid = link.expires_at > now() && send.plan.recipient.family_id === send.plan.family_id;
  if (link.used_at || send.answered_at) {
    const answer = valid && send.response_id ? await prisma.response.findUnique({ where: { id: send.response_id }, select: { is_shared: true } }) : null;
    if (!answer || !send.response_id) return { state: "answered", answer: null };
    return {
      state: "answered",
      answer: {
        response_id: send.response_id,
        recipient_id: send.plan.recipient.id,
        first_name: send.plan.recipient.first_name,
        question_text: send.question.question_text,
        is_shared: answer.is_shared,
        photos: await signedAnswerPhotos(send.response_id),
        recording: await signedAnswerRecording(send.response_id),
      },
    };
  }
  if (!valid) return { state: "invalid" };
  const { plan } = send;
  return {
    state: "open",
    send_id: send.id,
    recipient_id: plan.recipient.id,
    first_name: plan.recipient.first_name,
    question_text: send.question.question_text,
    description: send.question.description,
    input_type: send.question.input_type,
    questionnaire_title: send.question.questionnaire.title,
    asked_by: plan.created_by && plan.created_by.id !== plan.recipient.id ? fullName(plan.created_by) : null,
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
  photos,
}: {
  input: WeeklyAnswerValues;
  signedInAs: string | null;
  /** A reply's photos and recording, already stored: they are the answer's own (docs/decisions/039-answer-photos.md, 041-voice-recordings.md). */
  photos?: ReplyFiles;
}) {
  const prisma = await getDb();
  const at = now();
  let organiserId: string | null = null;
  let storytellerId = "";
  const saved = await prisma.$transaction(async (tx) => {
    const link = await tx.weeklyQuestionToken.findUnique({ where: { token_hash: hashToken(input.token) }, select: linkSelect });
    if (!link) throw notFound(ANSWER_LINK_INVALID);
    const { send } = link;
    const recipient = send.plan.recipient;
    organiserId = send.plan.created_by?.id ?? null;
    storytellerId = recipient.id;
    if (signedInAs && signedInAs !== recipient.id) throw new AppError("FORBIDDEN", LINK_FOR_SOMEONE_ELSE);
    if (link.used_at || send.answered_at) throw new AppError("CONFLICT", ALREADY_ANSWERED_BY_LINK);
    if (link.expires_at <= at || recipient.family_id !== send.plan.family_id) throw notFound(ANSWER_LINK_INVALID);

    const usedLink = await tx.weeklyQuestionToken.updateMany({ where: { id: link.id, used_at: null, expires_at: { gt: at } }, data: { used_at: at } });
    const answeredSend = await tx.weeklyQuestionSend.updateMany({ where: { id: send.id, answered_at: null }, data: { answered_at: at } });
    if (usedLink.count === 0 || answeredSend.count === 0) throw new AppError("CONFLICT", ALREADY_ANSWERED_BY_LINK);

    const questionnaireId = send.question.questionnaire_id;
    // The same lock as answering the questionnaire on its page: one set of answers per person stays one.
    await lockAnswerSets(tx, recipient.id, questionnaireId);
    // A questionnaire that takes one set of answers per person gathers its weekly answers in that one
    // set; otherwise (or when this question was answered there already) the answer is a set of its own.
    const set = await findOnlyAnswerSet(tx, {
      personId: recipient.id,
      questionnaire: { id: questionnaireId, allow_multiple_responses: send.question.questionnaire.allow_multiple_responses },
    });
    const existing = set && !set.answered.has(send.question_id) ? set : null;
    const submissionId =
      existing?.id ??
      (
        await tx.submission.create({
          data: { questionnaire_id: questionnaireId, user_id: recipient.id, family_id: recipient.family_id, created_at: at },
          select: { id: true },
        })
      ).id;
    const response = await tx.response.create({
      // Written at the app's clock, as the send is answered: the weekly digest lists answers by when they were given.
      data: {
        ...(photos ? { id: photos.responseId } : {}),
        submission_id: submissionId,
        question_id: send.question_id,
        answer_text: input.answer_text,
        is_shared: input.is_shared ?? send.plan.share_by_default,
        created_at: at,
        ...(photos ? { photos: { create: photos.photos.map((photo, index) => ({ ...photo, order_number: index, created_at: at })) } } : {}),
        ...(photos?.recording ? { recording: { create: photos.recording } } : {}),
      },
      select: { id: true, is_shared: true },
    });
    await tx.weeklyQuestionSend.update({ where: { id: send.id }, data: { response_id: response.id } });
    await settleSubmissionShared(tx, submissionId);
    return { answer: { response_id: response.id, submission_id: submissionId, is_shared: response.is_shared } };
  });
  // Whoever set the questions up hears that the answer came (docs/product.md §21).
  await notifyWeeklyAnswer({ storytellerId, organiserId, responseId: saved.answer.response_id, shared: saved.answer.is_shared });
  return saved;
}

/**
 * The answer a link gave, for what the link may still do to it (share it, add or remove its
 * photos): while the link is valid and its storyteller is still in the plan's family. A link whose
 * question has no answer yet, or an unknown or expired one, is ANSWER_LINK_INVALID.
 */
export async function answerOfLink(token: string) {
  const { responseId } = await linkToTell(token);
  if (!responseId) throw notFound(ANSWER_LINK_INVALID);
  return responseId;
}

/**
 * The emailed link's storyteller and its answer (null while the question waits for one), for what
 * the link may still do: tell the answer out loud — the recording alone answers a question still
 * open (docs/product.md §13). An unknown or expired link, or one whose storyteller left the plan's
 * family, is the same 404.
 */
export async function linkToTell(token: string): Promise<{ responseId: string | null; storytellerId: string }> {
  const prisma = await getDb();
  const link = await prisma.weeklyQuestionToken.findUnique({
    where: { token_hash: hashToken(token) },
    select: {
      expires_at: true,
      send: { select: { response_id: true, plan: { select: { family_id: true, recipient: { select: { id: true, family_id: true } } } } } },
    },
  });
  if (!link || link.expires_at <= now() || link.send.plan.recipient.family_id !== link.send.plan.family_id) throw notFound(ANSWER_LINK_INVALID);
  return { responseId: link.send.response_id, storytellerId: link.send.plan.recipient.id };
}

/**
 * After answering, the same link shares the answer with the family or keeps it private, in one tap
 * and without a password: the link stays the permission for its one answer while it is valid
 * (14 days), and only while the storyteller is still in the plan's family. A link whose question
 * has no answer yet, or an unknown or expired one, changes nothing.
 */
export async function shareAnswerByLink({ input }: { input: ShareWeeklyAnswerValues }) {
  const prisma = await getDb();
  return prisma
    .$transaction(async (tx) => {
      const link = await tx.weeklyQuestionToken.findUnique({
        where: { token_hash: hashToken(input.token) },
        select: {
          expires_at: true,
          send: {
            select: { response_id: true, plan: { select: { family_id: true, created_by_id: true, recipient: { select: { id: true, family_id: true } } } } },
          },
        },
      });
      if (!link || link.expires_at <= now() || !link.send.response_id || link.send.plan.recipient.family_id !== link.send.plan.family_id)
        throw notFound(ANSWER_LINK_INVALID);
      const response = await tx.response.update({
        where: { id: link.send.response_id },
        data: { is_shared: input.is_shared },
        select: { id: true, submission_id: true, is_shared: true },
      });
      await settleSubmissionShared(tx, response.submission_id);
      return { answer: { response_id: response.id, submission_id: response.submission_id, is_shared: response.is_shared }, plan: link.send.plan };
    })
    .then(async ({ answer, plan }) => {
      if (answer.is_shared)
        await notifyWeeklyAnswer({ storytellerId: plan.recipient.id, organiserId: plan.created_by_id, responseId: answer.response_id, shared: true });
      return { answer };
    });
}
