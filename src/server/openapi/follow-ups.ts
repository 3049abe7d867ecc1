import { z } from "zod";
import { FOLLOW_UP_ANSWER_REQUIRED, FOLLOW_UP_ANSWER_TOO_LONG, FOLLOW_UP_REQUIRED, FOLLOW_UP_TOO_LONG, FOLLOW_UP_TOO_SHORT } from "@/lib/follow-ups";
import { ANSWER_NOT_FOUND } from "@/lib/schemas/conversations";
import {
  answerFollowUpSchema,
  askFollowUpSchema,
  FOLLOW_UP_ALREADY_ANSWERED,
  FOLLOW_UP_ITEM_RULE,
  FOLLOW_UP_NOT_ANSWERED,
  FOLLOW_UP_NOT_FOUND,
  FOLLOW_UP_OWN_STORY,
} from "@/lib/schemas/follow-ups";
import { TRANSCRIPT_TOO_LONG, transcriptSchema } from "@/lib/schemas/recordings";
import { MEMORY_NOT_FOUND } from "@/server/memories/memory-visibility";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { FOLLOW_UP_NO_AUTHOR } from "@/server/questions/follow-ups/ask-follow-up";
import { followUpDtoSchema } from "@/server/questions/follow-ups/follow-up-dto";
import { TOLD_ONLY } from "@/server/recordings/answer-recording";
import { NO_FOLLOW_UP_RECORDING } from "@/server/recordings/follow-up-recording";
import { recordingDtoSchema } from "@/server/recordings/recording-dto";
import { recordingAudioRedirect, recordingUpload } from "./memories";
import { idParameter, type Operation } from "./operation";

// "Tell us more": follow-up questions to the author of a shared memory or answer
// (docs/product.md §22, docs/decisions/030-tell-us-more.md).

export const followUpOperations: Operation[] = [
  {
    method: "post",
    path: "/follow-ups",
    tag: "Comments",
    summary: "Tell us more: ask the author of a shared memory or answer a question about it",
    description:
      "Anyone who may comment on the item may ask, but not its author. The author finds it in their questions from the family and in their next weekly question email.",
    access: "member",
    body: { media: "application/json", schema: askFollowUpSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The question, waiting for its answer.", data: z.strictObject({ follow_up: followUpDtoSchema }) },
    refusals: {
      400: `"${FOLLOW_UP_REQUIRED}", "${FOLLOW_UP_TOO_SHORT}", "${FOLLOW_UP_TOO_LONG}" or a hidden control character (on question); "${FOLLOW_UP_ITEM_RULE}"; "${FOLLOW_UP_OWN_STORY}"; "${FOLLOW_UP_NO_AUTHOR}"`,
      404: `"${MEMORY_NOT_FOUND}" or "${ANSWER_NOT_FOUND}": missing, private, or not shared with the caller's family.`,
    },
  },
  {
    method: "get",
    path: "/follow-ups",
    tag: "Comments",
    summary: "The questions the family asked the caller that wait for an answer, oldest first",
    description: "At most 50. A question on a story that is private now is left out until it is shared again.",
    access: "member",
    answer: { status: 200, description: "The waiting questions.", data: z.strictObject({ follow_ups: z.array(followUpDtoSchema) }) },
  },
  {
    method: "post",
    path: "/follow-ups/{id}/answer",
    tag: "Comments",
    summary: "The author answers a question from their family",
    description:
      "Answered once: of two answers sent together, one is kept and the other refused. The answer shows under the story, to exactly those who may see it.",
    access: "member",
    params: idParameter("id", "question"),
    body: { media: "application/json", schema: answerFollowUpSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The answered question.", data: z.strictObject({ follow_up: followUpDtoSchema }) },
    refusals: {
      400: `"${FOLLOW_UP_ANSWER_REQUIRED}", "${FOLLOW_UP_ANSWER_TOO_LONG}" or a hidden control character (on answer).`,
      404: `"${FOLLOW_UP_NOT_FOUND}": missing, asked of someone else, or on a story that is private now.`,
      409: `"${FOLLOW_UP_ALREADY_ANSWERED}"`,
    },
  },
  {
    method: "get",
    path: "/follow-ups/{id}/recording",
    tag: "Comments",
    summary: "The recording of the answer to a follow-up question, for whoever may read the answer under the story",
    access: "member",
    params: idParameter("id", "question"),
    answer: { status: 200, description: "The recording, at the app's own addresses.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: { 404: `"${NO_FOLLOW_UP_RECORDING}": none, or not one the caller may read.` },
  },
  {
    method: "put",
    path: "/follow-ups/{id}/recording",
    tag: "Comments",
    summary: "The author tells their answer to a follow-up question out loud, or tells it again in place of the recording it had",
    ...recordingUpload,
    description:
      `${recordingUpload.description} A question still waiting is answered by the recording alone: its \`answer\` is "" (told out loud, with nothing written), ` +
      "the one who asked is notified as for a written answer, and two recordings at once answer it once.",
    access: "member",
    params: idParameter("id", "question"),
    answer: {
      status: 201,
      description:
        "The question was waiting: it is answered now (`follow_up`), with the recording as it is now kept, at the app's own addresses (GET …/recording/audio).",
      data: z.strictObject({ recording: recordingDtoSchema, follow_up: followUpDtoSchema.optional() }),
      alternate: { status: 200, description: "The question was answered already: the recording as it is now kept, beside that answer (no `follow_up`)." },
    },
    refusals: {
      ...recordingUpload.refusals,
      404: `"${FOLLOW_UP_NOT_FOUND}": missing, asked of someone else, or on a story that is private now.`,
    },
  },
  {
    method: "delete",
    path: "/follow-ups/{id}/recording",
    tag: "Comments",
    summary: "The author removes the recording of their answer to a follow-up question; the written answer stays",
    access: "member",
    params: idParameter("id", "question"),
    answer: { status: 200, description: "Removed.", data: z.strictObject({ recording: z.strictObject({ id: z.guid() }) }) },
    refusals: { 404: `"${FOLLOW_UP_NOT_FOUND}" or "${NO_FOLLOW_UP_RECORDING}"`, 409: `"${FOLLOW_UP_NOT_ANSWERED}", or "${TOLD_ONLY}"` },
  },
  {
    method: "delete",
    path: "/follow-ups/{id}/recording/listen-code",
    tag: "Comments",
    summary: "The author who answered, or an admin, stops the printed book's codes of the recording of an answer to a follow-up question",
    description:
      "Every printed code of the recording plays nothing from now on, and the next book prints a new one (docs/decisions/043-listen-codes.md). " +
      "Open to the author who answered and to the admins of the family the question was asked in.",
    access: "member",
    params: idParameter("id", "question"),
    answer: {
      status: 200,
      description: "The recording, with no printed code out.",
      data: z.strictObject({ recording: z.strictObject({ id: z.guid(), printed_code: z.literal(false) }) }),
    },
    refusals: { 404: `"${FOLLOW_UP_NOT_FOUND}" or "${NO_FOLLOW_UP_RECORDING}"` },
  },
  {
    method: "get",
    path: "/follow-ups/{id}/recording/audio",
    tag: "Comments",
    summary: "The recording of an answer to a follow-up question the caller may read: a redirect to a short-lived address that answers byte ranges",
    access: "member",
    params: idParameter("id", "question"),
    ...recordingAudioRedirect,
    refusals: { ...recordingAudioRedirect.refusals, 404: `"${NO_FOLLOW_UP_RECORDING}": none, or not one the caller may hear.` },
  },
  {
    method: "put",
    path: "/follow-ups/{id}/recording/transcript",
    tag: "Comments",
    summary: "The author writes down, corrects or clears the words of the recording of their answer to a follow-up question",
    description:
      "Typed words are the author's: the transcription engine never overwrites them (docs/decisions/042-transcripts.md). An empty transcript clears it.",
    access: "member",
    params: idParameter("id", "question"),
    body: { media: "application/json", schema: transcriptSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The recording with its words as they are now kept.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: {
      400: `"${TRANSCRIPT_TOO_LONG}", or text with control characters`,
      404: `"${FOLLOW_UP_NOT_FOUND}" or "${NO_FOLLOW_UP_RECORDING}"`,
      409: `"${FOLLOW_UP_NOT_ANSWERED}"`,
    },
  },
];
