import { z } from "zod";
import { TOO_MANY_ANSWER_PHOTOS } from "@/lib/schemas/questionnaires";
import {
  ALREADY_RECEIVING,
  ANSWER_LINK_INVALID,
  answerLinkTokenSchema,
  changeWeeklyPlanSchema,
  newWeeklyPlanSchema,
  ONLY_RECIPIENT_OR_ORGANISER,
  PLAN_NOT_FOUND,
  PLAN_STOPPED,
  shareWeeklyAnswerSchema,
  tellByLinkSchema,
  weeklyAnswerSchema,
} from "@/lib/schemas/weekly-questions";
import { FAMILY_NOT_FOUND } from "@/server/family/invite-links/get-family-invite";
import { MEMORY_FORM_MAX_BYTES } from "@/server/memories/parse-memory-form";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { ANSWER_PHOTO_NOT_FOUND, answerPhotoDtoSchema, NO_PHOTOS_SENT } from "@/server/questions/questionnaires/answer-photos";
import {
  INBOUND_NOT_RFC822,
  INBOUND_OFF,
  INBOUND_SECRET_HEADER,
  INBOUND_SECRET_WRONG,
  INBOUND_TOO_LARGE,
} from "@/server/questions/weekly-email-replies/inbound-endpoint";
import { MAX_REPLY_BYTES } from "@/server/questions/weekly-email-replies/receive-reply";
import { ALREADY_ANSWERED_BY_LINK, LINK_FOR_SOMEONE_ELSE } from "@/server/questions/weekly-questions/answer-weekly-question";
import { FAMILY_MEMBER_NOT_FOUND } from "@/server/questions/weekly-questions/start-weekly-plan";
import { weeklyPlanDtoSchema, weeklyPlanListDtoSchema } from "@/server/questions/weekly-questions/weekly-plan-dto";
import { NO_ANSWER_RECORDING, TOLD_ONLY } from "@/server/recordings/answer-recording";
import { recordingDtoSchema } from "@/server/recordings/recording-dto";
import { photoFileRefusals, photoFiles, recordingUpload } from "./memories";
import { idParameter, type Operation } from "./operation";

// Weekly questions (docs/product.md §13, docs/decisions/019-weekly-questions.md).

const planAnswer = z.strictObject({ plan: weeklyPlanDtoSchema });

export const weeklyQuestionOperations: Operation[] = [
  {
    method: "get",
    path: "/weekly-questions",
    tag: "Weekly questions",
    summary: "The weekly questions the caller gets or set up, while active or paused",
    description: "At most one set runs per person, so the list is as long as the family at most and is not paged. Never an answer's text.",
    access: "member",
    answer: { status: 200, description: "Oldest first, each with its latest sends.", data: weeklyPlanListDtoSchema },
  },
  {
    method: "post",
    path: "/weekly-questions",
    tag: "Weekly questions",
    summary: "Start weekly questions for yourself or for a relative in your family",
    description:
      "`source`: `surprise` (any library question the recipient has not answered, never twice), `questionnaire` (its questions in order) or " +
      "`questions` (these, in this order). The weekday (1 Monday … 7 Sunday) and hour are the recipient's, in `time_zone` (IANA). " +
      "A relative who is set up gets an email saying who did it and how to pause or stop.",
    access: "member",
    body: { media: "application/json", schema: newWeeklyPlanSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The new weekly questions.", data: planAnswer },
    refusals: {
      400: "Invalid input (per field).",
      404: `"${FAMILY_MEMBER_NOT_FOUND}" (not in the caller's family), "${FAMILY_NOT_FOUND}", or a questionnaire or question the recipient may not answer.`,
      409: `"${ALREADY_RECEIVING("Ann")}" (on recipient_id)`,
    },
  },
  {
    method: "patch",
    path: "/weekly-questions/{id}",
    tag: "Weekly questions",
    summary: "Pause, resume or stop weekly questions, or change whether answers are shared: the recipient, or whoever set them up",
    description:
      "Resuming makes the next question due at the next chosen weekday and hour; weeks missed while paused are not made up. Stopping is final. share_by_default changes a running plan without stopping it, for the answers to come.",
    access: "member",
    params: idParameter("id", "weekly questions"),
    body: { media: "application/json", schema: changeWeeklyPlanSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The weekly questions as they are now.", data: planAnswer },
    refusals: { 400: "Invalid input.", 403: `"${ONLY_RECIPIENT_OR_ORGANISER}"`, 404: `"${PLAN_NOT_FOUND}"`, 409: `"${PLAN_STOPPED}"` },
  },
  {
    method: "post",
    path: "/weekly-questions/answer",
    tag: "Weekly questions",
    summary: "Answer one weekly question from its emailed link, without a password",
    description:
      "The token is the link's: for one question and one person, 14 days, one answer. The answer is saved as the recipient's ordinary answer, " +
      "shared with the family if the weekly questions were set up so, unless the storyteller chose otherwise (is_shared). Someone signed in as another person is refused.",
    access: "public",
    body: { media: "application/json", schema: weeklyAnswerSchema, maxBytes: BODY_CAPS.json },
    answer: {
      status: 201,
      description: "Saved.",
      data: z.strictObject({ answer: z.strictObject({ response_id: z.guid(), submission_id: z.guid(), is_shared: z.boolean() }) }),
    },
    refusals: {
      400: "Invalid input (answer_text too short or missing).",
      403: `"${LINK_FOR_SOMEONE_ELSE}"`,
      404: `"${ANSWER_LINK_INVALID}": unknown or expired.`,
      409: `"${ALREADY_ANSWERED_BY_LINK}"`,
    },
  },
  {
    method: "patch",
    path: "/weekly-questions/answer",
    tag: "Weekly questions",
    summary: "After answering, the same emailed link shares its answer with the family, or keeps it private",
    description: "The token is the link's, valid 14 days; it changes only its own answer, and only while the recipient is in the plan's family.",
    access: "public",
    body: { media: "application/json", schema: shareWeeklyAnswerSchema, maxBytes: BODY_CAPS.json },
    answer: {
      status: 200,
      description: "The answer's sharing now.",
      data: z.strictObject({ answer: z.strictObject({ response_id: z.guid(), submission_id: z.guid(), is_shared: z.boolean() }) }),
    },
    refusals: {
      400: "Invalid input (no is_shared, or no token).",
      404: `"${ANSWER_LINK_INVALID}": unknown or expired, or its question not answered yet.`,
    },
  },
  {
    method: "post",
    path: "/weekly-questions/answer/photos",
    tag: "Weekly questions",
    summary: "After answering, the same emailed link adds photos to its answer (at most 5 in all)",
    description: "The token is the link's, valid 14 days; it adds only to its own answer. Every photo is checked by its bytes before any is kept.",
    access: "public",
    body: { media: "multipart/form-data", schema: answerLinkTokenSchema.extend({ photos: photoFiles }), maxBytes: MEMORY_FORM_MAX_BYTES },
    answer: {
      status: 201,
      description: "The answer's photos now, in their order, at short-lived signed addresses (the link's page has no session).",
      data: z.strictObject({ photos: z.array(answerPhotoDtoSchema) }),
    },
    refusals: {
      400: `"${NO_PHOTOS_SENT}", or "${TOO_MANY_ANSWER_PHOTOS}"`,
      ...photoFileRefusals,
      404: `"${ANSWER_LINK_INVALID}": unknown or expired, or its question not answered yet.`,
    },
  },
  {
    method: "delete",
    path: "/weekly-questions/answer/photos/{photoId}",
    tag: "Weekly questions",
    summary: "After answering, the same emailed link removes one photo of its answer",
    access: "public",
    params: idParameter("photoId", "photo"),
    body: { media: "application/json", schema: answerLinkTokenSchema, maxBytes: BODY_CAPS.json },
    answer: {
      status: 200,
      description: "The answer's photos left, at short-lived signed addresses.",
      data: z.strictObject({ photos: z.array(answerPhotoDtoSchema) }),
    },
    refusals: { 400: "No token.", 404: `"${ANSWER_LINK_INVALID}", or "${ANSWER_PHOTO_NOT_FOUND}".` },
  },
  {
    method: "put",
    path: "/weekly-questions/answer/recording",
    tag: "Weekly questions",
    summary: "The emailed link tells its question out loud: the recording alone answers it while it is open, or joins the answer it gave",
    ...recordingUpload,
    description:
      `${recordingUpload.description} The token is the link's (\`?token=\`), valid 14 days; it records only its own question's answer. ` +
      'While the question is open, the recording is the whole answer: it is saved as an answer with no written words (`answer_text` ""), ' +
      "shared as `shared` says or else as the weekly questions were set up, and the link has answered (one answer per link, as POST /api/weekly-questions/answer). " +
      "Once answered, it gives that answer its recording, or replaces the one it had.",
    access: "public",
    query: recordingUpload.query.extend(tellByLinkSchema.shape),
    answer: {
      status: 201,
      description:
        "The question was open: the answer the recording made, and the recording as it is now kept, at short-lived signed addresses (the link's page has no session).",
      data: z.strictObject({
        answer: z.strictObject({ response_id: z.guid(), submission_id: z.guid(), is_shared: z.boolean() }).optional(),
        recording: recordingDtoSchema,
      }),
      alternate: { status: 200, description: "The question was answered already: the recording as it is now kept, beside that answer (no `answer`)." },
    },
    refusals: {
      ...recordingUpload.refusals,
      400: "No token, or `shared` not true or false.",
      403: `"${LINK_FOR_SOMEONE_ELSE}"`,
      404: `"${ANSWER_LINK_INVALID}": unknown or expired.`,
      409: `"${ALREADY_ANSWERED_BY_LINK}": two answers at once, and this one came second.`,
    },
  },
  {
    method: "delete",
    path: "/weekly-questions/answer/recording",
    tag: "Weekly questions",
    summary: "After answering, the same emailed link removes its answer's recording",
    access: "public",
    body: { media: "application/json", schema: answerLinkTokenSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "Removed.", data: z.strictObject({ recording: z.strictObject({ id: z.guid() }) }) },
    refusals: { 400: "No token.", 404: `"${ANSWER_LINK_INVALID}", or "${NO_ANSWER_RECORDING}".`, 409: `"${TOLD_ONLY}"` },
  },
  {
    method: "post",
    path: "/inbound-email",
    tag: "Weekly questions",
    summary: "A reply to a weekly question's email, posted raw by a mail provider's inbound webhook",
    description:
      `The body is the whole message as received (message/rfc822). The header \`${INBOUND_SECRET_HEADER}\` carries INBOUND_EMAIL_SECRET ` +
      "(compared in constant time). The reply address (answers+<token>@INBOUND_DOMAIN, in To, Cc, Delivered-To or X-Original-To) names the question; " +
      "From must be the recipient's confirmed address; only the new text is kept (quoted history and signature removed), and up to 5 photos and one recording attached " +
      "are kept with the answer. A message that is read but cannot be used is refused without saving anything, still with 200 " +
      "(`outcome: refused`, and why), so the provider does not post it again; when it names a question still open, its recipient is emailed a link to answer instead. " +
      "The same as a reply delivered to the SMTP listener (INBOUND_SMTP_PORT).",
    access: "public",
    crossSite: true,
    body: { media: "message/rfc822", maxBytes: MAX_REPLY_BYTES },
    answer: {
      status: 200,
      description: "Read: answered, or refused.",
      data: z.strictObject({
        outcome: z.enum(["answered", "refused"]),
        reason: z.string().nullable().meta({
          description:
            "Why it was refused: not-a-reply-address, unknown-address, automatic-reply, malformed, expired, answered, other-sender, no-longer-in-family, unreadable-text, too-many-photos, unreadable-photo, too-many-recordings or unreadable-recording; null when answered.",
        }),
      }),
    },
    refusals: { 401: `"${INBOUND_SECRET_WRONG}"`, 404: `"${INBOUND_OFF}"`, 413: `"${INBOUND_TOO_LARGE}"`, 415: `"${INBOUND_NOT_RFC822}"` },
  },
];
