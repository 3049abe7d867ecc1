import { z } from "zod";
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { pageSchema } from "@/lib/schemas/paging";
import {
  ALREADY_ANSWERED,
  answerOneQuestionSchema,
  createQuestionnaireSchema,
  QUESTION_ALREADY_ANSWERED,
  saveResponsesSchema,
  shareAllSchema,
  toggleSharedSchema,
  TOO_MANY_ANSWER_PHOTOS,
} from "@/lib/schemas/questionnaires";
import { TRANSCRIPT_TOO_LONG, transcriptSchema } from "@/lib/schemas/recordings";
import { MEMORY_FORM_MAX_BYTES } from "@/server/memories/parse-memory-form";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { ANSWER_PHOTO_NOT_FOUND, answerPhotoDtoSchema, NO_PHOTOS_SENT } from "@/server/questions/questionnaires/answer-photos";
import { RESPONSE_NOT_FOUND } from "@/server/questions/questionnaires/answer-visibility";
import { sharedResponseDtoSchema } from "@/server/questions/questionnaires/list-shared-responses";
import { sharedSubmissionDtoSchema } from "@/server/questions/questionnaires/list-shared-submissions";
import { questionToAskDtoSchema } from "@/server/questions/questionnaires/pick-question-to-ask";
import {
  questionDtoSchema,
  QUESTIONNAIRE_NOT_FOUND,
  questionnaireDtoSchema,
  responseDtoSchema,
  submissionDtoSchema,
} from "@/server/questions/questionnaires/questionnaire-dto";
import { SUBMISSION_NOT_FOUND } from "@/server/questions/questionnaires/toggle-submission-shared";
import { NO_ANSWER_RECORDING } from "@/server/recordings/answer-recording";
import { recordingDtoSchema } from "@/server/recordings/recording-dto";
import { photoFileRefusals, photoFiles, recordingAudioRedirect, recordingUpload } from "./memories";
import { idParameter, type Operation } from "./operation";

// Questionnaires, answers and what the family shared of them (docs/product.md §3, §5;
// docs/decisions/004-sharing-answers.md, docs/decisions/015-one-switch-per-answer.md).

const questionnaireNotFound = `"${QUESTIONNAIRE_NOT_FOUND}": missing, or not one the caller may see.`;
const toggleBody = {
  media: "application/json",
  schema: toggleSharedSchema,
  maxBytes: BODY_CAPS.json,
  optional: true,
} as const satisfies Operation["body"];
const nextCursor = z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." });

export const questionnaireOperations: Operation[] = [
  {
    method: "get",
    path: "/questionnaires/question-to-ask",
    tag: "Questionnaires",
    summary: "One question of the library the caller has not answered yet, for Ask a Question",
    description:
      "The first library question, in the library's order, that the caller has not answered, from a questionnaire that still takes an " +
      "answer from them; `position` is its place in the questionnaire. Null when every one is answered.",
    access: "member",
    answer: { status: 200, description: "The question, or null.", data: z.strictObject({ question_to_ask: questionToAskDtoSchema.nullable() }) },
  },
  {
    method: "get",
    path: "/questionnaires",
    tag: "Questionnaires",
    summary: "The questionnaires the caller may answer: the library, the family's, and those aimed at them",
    access: "member",
    answer: { status: 200, description: "The questionnaires.", data: z.strictObject({ questionnaires: z.array(questionnaireDtoSchema) }) },
  },
  {
    method: "post",
    path: "/questionnaires",
    tag: "Questionnaires",
    summary: "A custom questionnaire for the family, or for some of its members",
    access: "member",
    body: { media: "application/json", schema: createQuestionnaireSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The questionnaire.", data: z.strictObject({ questionnaire: questionnaireDtoSchema }) },
    refusals: { 400: "Invalid fields (per field), a target outside the family or the creator themself, or a caller without a family." },
  },
  {
    method: "get",
    path: "/questionnaires/{id}/questions",
    tag: "Questionnaires",
    summary: "The questions of a questionnaire, in order",
    access: "member",
    params: idParameter("id", "questionnaire"),
    answer: { status: 200, description: "The questions.", data: z.strictObject({ questions: z.array(questionDtoSchema) }) },
    refusals: { 404: questionnaireNotFound },
  },
  {
    method: "get",
    path: "/questionnaires/{id}/responses",
    tag: "Questionnaires",
    summary: "The caller's own answers to a questionnaire",
    access: "member",
    params: idParameter("id", "questionnaire"),
    answer: { status: 200, description: "The answers.", data: z.strictObject({ responses: z.array(responseDtoSchema) }) },
    refusals: { 404: questionnaireNotFound },
  },
  {
    method: "get",
    path: "/questionnaires/{id}/submissions",
    tag: "Questionnaires",
    summary: "The caller's own submissions to a questionnaire, oldest first, with their answers",
    access: "member",
    params: idParameter("id", "questionnaire"),
    answer: { status: 200, description: "The submissions.", data: z.strictObject({ submissions: z.array(submissionDtoSchema) }) },
    refusals: { 404: questionnaireNotFound },
  },
  {
    method: "patch",
    path: "/questionnaires/{id}/submissions",
    tag: "Questionnaires",
    summary: "Share All / Unshare All: every one of the caller's submissions to a questionnaire, with every answer in them",
    description: "In one transaction: afterwards every answer is shared, or none is. Answers the submissions as they now are, oldest first.",
    access: "member",
    params: idParameter("id", "questionnaire"),
    body: { media: "application/json", schema: shareAllSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The submissions.", data: z.strictObject({ submissions: z.array(submissionDtoSchema) }) },
    refusals: { 400: '"is_shared must be true or false."', 404: questionnaireNotFound },
  },
  {
    method: "post",
    path: "/questionnaires/responses",
    tag: "Questionnaires",
    summary: "Save one submission of answers to one questionnaire",
    description: "A required question needs an answer; any answer given needs at least 3 characters; blank optional answers are not stored.",
    access: "member",
    body: { media: "application/json", schema: saveResponsesSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The submission.", data: z.strictObject({ submission: submissionDtoSchema }) },
    refusals: {
      400: "Invalid answers: per question id for the answering rules, or answers to more than one questionnaire, or the same question twice.",
      404: questionnaireNotFound,
      409: `"${ALREADY_ANSWERED}" (the caller's one set of answers answers every required question), or "${QUESTION_ALREADY_ANSWERED}"`,
    },
  },
  {
    method: "post",
    path: "/questionnaires/questions/{id}/answer",
    tag: "Questionnaires",
    summary: "Save one answer to one question on its own (Ask a Question)",
    description:
      "The answer needs at least 3 characters. It joins the caller's one set of answers when the questionnaire takes one set per person, or starts a set of its own; the questionnaire's other questions, required or not, can be answered later. Private until shared.",
    access: "member",
    params: idParameter("id", "question"),
    body: { media: "application/json", schema: answerOneQuestionSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The saved answer.", data: z.strictObject({ response: responseDtoSchema }) },
    refusals: {
      400: "The answer is missing or too short (on answer_text).",
      404: '"Question not found": no such question, or one of a questionnaire the caller may not see.',
      409: `"${QUESTION_ALREADY_ANSWERED}"`,
    },
  },
  {
    method: "patch",
    path: "/questionnaires/responses/{id}/toggle-shared",
    tag: "Questionnaires",
    summary: "The author shares or hides one answer (without is_shared, or without a body, it flips)",
    description: "Its submission counts as shared exactly when every answer in it is; `submission` says which it is now.",
    access: "member",
    params: idParameter("id", "answer"),
    body: toggleBody,
    answer: {
      status: 200,
      description: "The answer, and its submission's state.",
      data: z.strictObject({ response: responseDtoSchema, submission: z.strictObject({ id: z.guid(), is_shared: z.boolean() }) }),
    },
    refusals: { 400: '"is_shared must be true or false."', 404: `"${RESPONSE_NOT_FOUND}": missing, or not the caller's.` },
  },
  {
    method: "post",
    path: "/questionnaires/responses/{id}/photos",
    tag: "Questionnaires",
    summary: "The author adds photos to their answer (at most 5 in all)",
    description: "Every photo is checked by its bytes before any is kept; two additions at once never make more than five.",
    access: "member",
    params: idParameter("id", "answer"),
    body: { media: "multipart/form-data", schema: z.object({ photos: photoFiles }), maxBytes: MEMORY_FORM_MAX_BYTES },
    answer: { status: 201, description: "The answer's photos now, in their order.", data: z.strictObject({ photos: z.array(answerPhotoDtoSchema) }) },
    refusals: {
      400: `"${NO_PHOTOS_SENT}", or "${TOO_MANY_ANSWER_PHOTOS}"`,
      ...photoFileRefusals,
      404: `"${RESPONSE_NOT_FOUND}": missing, or not the caller's.`,
    },
  },
  {
    method: "get",
    path: "/questionnaires/responses/{id}/photos/{photoId}",
    tag: "Questionnaires",
    summary: "One photo of an answer the caller may read (their own, or one the family may read): a redirect to a short-lived address of the picture",
    access: "member",
    params: idParameter("id", "answer").extend(idParameter("photoId", "photo").shape),
    query: z.object({
      size: z.enum(["display", "thumbnail"]).optional().meta({ description: "display (up to 1600 px, the default) or thumbnail (480 × 360)." }),
    }),
    answer: {
      status: 302,
      description: "Location: the signed address of the picture, valid a while; the browser may keep the redirect 10 minutes.",
      headers: { Location: "The picture's address." },
    },
    refusals: { 400: '"size must be display or thumbnail"', 404: `"${ANSWER_PHOTO_NOT_FOUND}": missing, or not one the caller may read.` },
  },
  {
    method: "delete",
    path: "/questionnaires/responses/{id}/photos/{photoId}",
    tag: "Questionnaires",
    summary: "The author removes one photo of their answer",
    access: "member",
    params: idParameter("id", "answer").extend(idParameter("photoId", "photo").shape),
    answer: { status: 200, description: "The answer's photos left.", data: z.strictObject({ photos: z.array(answerPhotoDtoSchema) }) },
    refusals: { 404: `"${RESPONSE_NOT_FOUND}" (not the caller's answer) or "${ANSWER_PHOTO_NOT_FOUND}".` },
  },
  {
    method: "get",
    path: "/questionnaires/responses/{id}/recording",
    tag: "Questionnaires",
    summary: "An answer's recording, for its author and for whoever may read the answer",
    access: "member",
    params: idParameter("id", "answer"),
    answer: { status: 200, description: "The recording, at the app's own addresses.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: { 404: `"${NO_ANSWER_RECORDING}": none, or not one the caller may read.` },
  },
  {
    method: "put",
    path: "/questionnaires/responses/{id}/recording",
    tag: "Questionnaires",
    summary: "The author tells their answer out loud, or tells it again in place of the recording it had",
    ...recordingUpload,
    access: "member",
    params: idParameter("id", "answer"),
    answer: {
      status: 200,
      description: "The recording as it is now kept, at the app's own addresses (GET …/recording/audio).",
      data: z.strictObject({ recording: recordingDtoSchema }),
    },
    refusals: { ...recordingUpload.refusals, 404: `"${RESPONSE_NOT_FOUND}": missing, or not the caller's.` },
  },
  {
    method: "delete",
    path: "/questionnaires/responses/{id}/recording",
    tag: "Questionnaires",
    summary: "The author removes their answer's recording; the written answer stays",
    access: "member",
    params: idParameter("id", "answer"),
    answer: { status: 200, description: "Removed.", data: z.strictObject({ recording: z.strictObject({ id: z.guid() }) }) },
    refusals: { 404: `"${RESPONSE_NOT_FOUND}" (not the caller's answer) or "${NO_ANSWER_RECORDING}"` },
  },
  {
    method: "delete",
    path: "/questionnaires/responses/{id}/recording/listen-code",
    tag: "Questionnaires",
    summary: "The author or an admin stops the printed book's codes of an answer's recording",
    description:
      "Every printed code of the recording plays nothing from now on, and the next book prints a new one (docs/decisions/043-listen-codes.md). " +
      "Open to the answer's author and to the admins of its family.",
    access: "member",
    params: idParameter("id", "answer"),
    answer: {
      status: 200,
      description: "The recording, with no printed code out.",
      data: z.strictObject({ recording: z.strictObject({ id: z.guid(), printed_code: z.literal(false) }) }),
    },
    refusals: { 404: `"${RESPONSE_NOT_FOUND}" or "${NO_ANSWER_RECORDING}"` },
  },
  {
    method: "get",
    path: "/questionnaires/responses/{id}/recording/audio",
    tag: "Questionnaires",
    summary:
      "The recording of an answer the caller may hear (their own, or one the family may read): a redirect to a short-lived address that answers byte ranges",
    access: "member",
    params: idParameter("id", "answer"),
    ...recordingAudioRedirect,
    refusals: { ...recordingAudioRedirect.refusals, 404: `"${NO_ANSWER_RECORDING}": none, or not one the caller may hear.` },
  },
  {
    method: "put",
    path: "/questionnaires/responses/{id}/recording/transcript",
    tag: "Questionnaires",
    summary: "The author writes down, corrects or clears the words of their answer's recording",
    description:
      "Typed words are the author's: the transcription engine never overwrites them (docs/decisions/042-transcripts.md). An empty transcript clears it.",
    access: "member",
    params: idParameter("id", "answer"),
    body: { media: "application/json", schema: transcriptSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The recording with its words as they are now kept.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: { 400: `"${TRANSCRIPT_TOO_LONG}", or text with control characters`, 404: `"${RESPONSE_NOT_FOUND}" or "${NO_ANSWER_RECORDING}"` },
  },
  {
    method: "patch",
    path: "/questionnaires/submissions/{id}/toggle-shared",
    tag: "Questionnaires",
    summary: "The author shares or hides a whole submission, every answer in it with it (without is_shared, or without a body, it flips)",
    access: "member",
    params: idParameter("id", "submission"),
    body: toggleBody,
    answer: { status: 200, description: "The submission, with its answers.", data: z.strictObject({ submission: submissionDtoSchema }) },
    refusals: { 400: '"is_shared must be true or false."', 404: `"${SUBMISSION_NOT_FOUND}": missing, or not the caller's.` },
  },
  {
    method: "get",
    path: "/questionnaires/responses/shared",
    tag: "Questionnaires",
    summary: "Every answer the family may read, one by one, newest first",
    access: "member",
    query: pageSchema,
    answer: { status: 200, description: "One page.", data: z.strictObject({ responses: z.array(sharedResponseDtoSchema), next_cursor: nextCursor }) },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
  {
    method: "get",
    path: "/questionnaires/submissions/shared",
    tag: "Questionnaires",
    summary: "The same answers grouped by submission, with author and questionnaire title, newest first",
    description: "The Family Book's Shared Questionnaire Responses: a shared submission shows all its answers; an answer shared on its own shows alone.",
    access: "member",
    query: familyBookFeedSchema,
    answer: { status: 200, description: "One page.", data: z.strictObject({ submissions: z.array(sharedSubmissionDtoSchema), next_cursor: nextCursor }) },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
];
