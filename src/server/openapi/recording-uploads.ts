import { z } from "zod";
import { MAX_RECORDING_BYTES, RECORDING_PART_BYTES } from "@/lib/constants";
import {
  RECORDING_PART_EMPTY,
  RECORDING_PART_PAST_END,
  RECORDING_PART_TOO_LARGE,
  RECORDING_UPLOAD_NOT_FOUND,
  startRecordingUploadSchema,
  TOO_MANY_RECORDING_UPLOADS,
} from "@/lib/schemas/recordings";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { OPEN_RECORDING_UPLOADS } from "@/server/recordings/recording-uploads";
import { idParameter, type Operation } from "./operation";

// A long recording sent in parts that resume (docs/decisions/044-recording-uploads-in-parts.md).

const uploadDtoSchema = z.strictObject({
  id: z.guid(),
  byte_size: z.int().meta({ description: "How many bytes the recording has." }),
  received: z.int().meta({ description: "How many have arrived: where the next part starts." }),
  part_bytes: z.int().meta({ description: `The most a part may carry (${RECORDING_PART_BYTES / 1024 / 1024} MB).` }),
});

const linkToken = z.object({
  token: z.string().optional().meta({ description: "The weekly question's emailed link, in place of a session: the upload is then its answer's author's." }),
});

const whose =
  "Signed in, or with the weekly question's emailed link (`?token=`), which stands for the author of the answer it gave. An upload is its sender's alone; " +
  "anyone else's, one finished and kept, or one left unfinished for a day answers 404.";

export const recordingUploadOperations: Operation[] = [
  {
    method: "post",
    path: "/recording-uploads",
    tag: "Memories",
    summary: "Opens an upload of a long recording in parts that resume after a dropped connection",
    description:
      `${whose} Then send the parts in order (PUT …/parts), and name the finished upload where the recording goes: ` +
      "`PUT /memories/{id}/recording`, `/questionnaires/responses/{id}/recording`, `/follow-ups/{id}/recording` or `/weekly-questions/answer/recording`, with `?upload={id}` and no body. " +
      `One person may have ${OPEN_RECORDING_UPLOADS} on their way at once.`,
    access: "public",
    query: linkToken,
    body: { media: "application/json", schema: startRecordingUploadSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The upload, nothing received yet.", data: z.strictObject({ upload: uploadDtoSchema }) },
    refusals: {
      400: "A byte_size that is not a whole number from 1, or name not text.",
      401: "Neither signed in nor a link.",
      404: "An unknown or expired link.",
      409: `"${TOO_MANY_RECORDING_UPLOADS}"`,
      413: `"{name} is larger than ${MAX_RECORDING_BYTES / 1024 / 1024} MB, …"`,
    },
  },
  {
    method: "get",
    path: "/recording-uploads/{id}",
    tag: "Memories",
    summary: "How far an upload in parts got: where the next part starts",
    description: whose,
    access: "public",
    params: idParameter("id", "upload"),
    query: linkToken,
    answer: { status: 200, description: "The upload as it stands.", data: z.strictObject({ upload: uploadDtoSchema }) },
    refusals: { 401: "Neither signed in nor a link.", 404: `"${RECORDING_UPLOAD_NOT_FOUND}"` },
  },
  {
    method: "delete",
    path: "/recording-uploads/{id}",
    tag: "Memories",
    summary: "Gives up an upload in parts: it and its parts go",
    description: whose,
    access: "public",
    params: idParameter("id", "upload"),
    query: linkToken,
    answer: { status: 200, description: "Given up.", data: z.strictObject({ upload: z.strictObject({ id: z.guid() }) }) },
    refusals: { 401: "Neither signed in nor a link.", 404: `"${RECORDING_UPLOAD_NOT_FOUND}"` },
  },
  {
    method: "put",
    path: "/recording-uploads/{id}/parts",
    tag: "Memories",
    summary: "The next part of an upload, starting where the upload got to",
    description:
      `${whose} The body is the part's bytes, 1 byte to ${RECORDING_PART_BYTES / 1024 / 1024} MB. A part sent again (a retry whose answer was lost) or out of order ` +
      "is refused with where to go on from; of two sent at once for the same place, one is kept.",
    access: "public",
    params: idParameter("id", "upload"),
    query: linkToken.extend({ offset: z.string().meta({ description: "Where the part starts in the recording, in bytes: the upload's `received`." }) }),
    body: { media: "audio/*", maxBytes: RECORDING_PART_BYTES },
    answer: { status: 200, description: "The upload with the part received.", data: z.strictObject({ upload: uploadDtoSchema }) },
    refusals: {
      400: `"${RECORDING_PART_EMPTY}", "${RECORDING_PART_PAST_END}", or "offset must be a whole number of bytes"`,
      401: "Neither signed in nor a link.",
      404: `"${RECORDING_UPLOAD_NOT_FOUND}"`,
      409: '"The recording has arrived up to byte {n}: send the part that starts there."',
      413: `"${RECORDING_PART_TOO_LARGE}"`,
    },
  },
];
