import { z } from "zod";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_MEMORY, MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS } from "@/lib/constants";
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { createMemorySchema, photoUploadRequestSchema, toggleSharedSchema, updateMemorySchema } from "@/lib/schemas/memories";
import { ON_THIS_DAY_LIMIT, onThisDaySchema } from "@/lib/schemas/on-this-day";
import { pageSchema } from "@/lib/schemas/paging";
import { TRANSCRIPT_TOO_LONG, transcriptSchema } from "@/lib/schemas/recordings";
import { MAX_PENDING_UPLOADS, photoUploadTicketSchema } from "@/server/memories/create-photo-upload";
import { memoryDtoSchema } from "@/server/memories/memory-dto";
import { MEMORY_NOT_FOUND } from "@/server/memories/memory-visibility";
import { MEMORY_FORM_MAX_BYTES } from "@/server/memories/parse-memory-form";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { NO_RECORDING } from "@/server/recordings/memory-recording";
import { recordingDtoSchema } from "@/server/recordings/recording-dto";
import { idParameter, type Operation } from "./operation";

// Memories and their photos (docs/product.md §3, §5).

/** How a recording is sent, whatever it tells (a memory or an answer): the body is the file (docs/decisions/041-voice-recordings.md). */
/** An app address that redirects a reader allowed to hear a recording to its signed address (answers and follow-up answers). */
export const recordingAudioRedirect = {
  query: z.object({
    copy: z
      .enum(["original", "playable"])
      .optional()
      .meta({ description: "original (as it was made, the default) or playable (the AAC/MP4 copy, when `playable_url` names one)." }),
  }),
  answer: {
    status: 302,
    description: "Location: the signed address of the recording, valid a while; the browser may keep the redirect 10 minutes.",
    headers: { Location: "The recording's address." },
  },
  refusals: { 400: '"copy must be original or playable"' },
} as const;

export const recordingUpload = {
  description:
    `The body is the recording itself: m4a, mp3, wav, ogg, webm, opus or flac, judged by its bytes, at most ${MAX_RECORDING_SECONDS / 60} minutes and ${MAX_RECORDING_BYTES / 1024 / 1024} MB. ` +
    "Name the file with `?name=` (shown to the family and in messages). It is kept as it was made (docs/decisions/041-voice-recordings.md). " +
    "A long recording may come in parts instead (POST /recording-uploads): name the finished upload with `?upload=` and send no body; " +
    'one that is not the sender\'s or is gone answers 404 "This upload is no longer here. …", one not all there 409 "Not all of the recording has arrived yet. …".',
  query: z.object({
    name: z.string().optional().meta({ description: 'The recording\'s file name; "Recording" without one.' }),
    upload: z
      .guid()
      .optional()
      .meta({ description: "A finished upload in parts of the sender's, in place of a body (docs/decisions/044-recording-uploads-in-parts.md)." }),
  }),
  body: { media: "audio/*", maxBytes: MAX_RECORDING_BYTES },
  refusals: {
    400: '"{file name} could not be played back: it may be damaged or cut short. …"',
    413: '"{file name} is larger than 320 MB, …" or "{file name} is {n} minutes long. A recording can be at most 30 minutes; …"',
    415: '"{file name} is not a sound recording. …", "{file name} is a video. …", or "{file name} holds its sound in a form Family Book cannot play. …"',
  },
} satisfies Partial<Operation>;

export const photoFiles = z
  .array(z.file().mime(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]))
  .max(MAX_PHOTOS_PER_MEMORY)
  .meta({ description: `Photos, each at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB and really an image (judged by its bytes), at most about 50 megapixels.` });
const uploadIds = z
  .array(z.guid())
  .meta({ description: "Photos already sent to storage: the `id` of each upload ticket (POST /memories/uploads). Repeated, or one JSON list." });

const memoryPage = z.strictObject({
  memories: z.array(memoryDtoSchema),
  next_cursor: z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." }),
});

const memoryNotFound = `"${MEMORY_NOT_FOUND}": missing, or not one the caller may see (or, for a change, their own).`;
export const photoFileRefusals = {
  413: '"{file name} is larger than 5MB", or "{file name} is {width} × {height} pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo." (also in fieldErrors.photos)',
  415: '"{file name} is not an image. Only image files can be uploaded." (also in fieldErrors.photos)',
} as const;
const photoRefusals = {
  400: `Invalid fields (per field), more than ${MAX_PHOTOS_PER_MEMORY} photos in all, an upload that is unknown or no longer pending, or a tag that is not a relative.`,
  ...photoFileRefusals,
} as const;

export const memoryOperations: Operation[] = [
  {
    method: "get",
    path: "/memories",
    tag: "Memories",
    summary: "The signed-in user's memories, newest memory_date first, a page at a time",
    access: "member",
    query: pageSchema,
    answer: { status: 200, description: "One page.", data: memoryPage },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
  {
    method: "post",
    path: "/memories",
    tag: "Memories",
    summary: "Write a new memory",
    access: "member",
    body: {
      media: "multipart/form-data",
      schema: createMemorySchema.extend({
        taggedUserIds: createMemorySchema.shape.taggedUserIds.meta({ description: "Relatives who were there: repeated, or one JSON list." }),
        photos: photoFiles.optional(),
        uploadIds: uploadIds.optional(),
      }),
      maxBytes: MEMORY_FORM_MAX_BYTES,
    },
    answer: { status: 201, description: "The memory.", data: z.strictObject({ memory: memoryDtoSchema }) },
    refusals: photoRefusals,
  },
  {
    method: "get",
    path: "/memories/shared",
    tag: "Memories",
    summary: "The memories the family shared, with their authors and tags",
    description: "The Family Book's Shared Memories: the caller's own shared memories included, newest memory_date first.",
    access: "member",
    query: familyBookFeedSchema,
    answer: { status: 200, description: "One page.", data: memoryPage },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
  {
    method: "get",
    path: "/memories/on-this-day",
    tag: "Memories",
    summary: "Memories from this day in earlier years: the caller's own and what the family shared",
    description: `The dashboard's "On this day": memories dated on the month and day of \`date\` in an earlier year, newest year first, at most ${ON_THIS_DAY_LIMIT}. On 28 February of a year without a 29th, memories of 29 February come too.`,
    access: "member",
    query: onThisDaySchema,
    answer: { status: 200, description: "The memories.", data: z.strictObject({ memories: z.array(memoryDtoSchema) }) },
    refusals: { 400: "A date that is not a real YYYY-MM-DD date (on that field)." },
  },
  {
    method: "get",
    path: "/memories/{id}",
    tag: "Memories",
    summary: "One memory: the caller's own, or one the family shared",
    access: "member",
    params: idParameter("id", "memory"),
    answer: { status: 200, description: "The memory.", data: z.strictObject({ memory: memoryDtoSchema }) },
    refusals: { 404: memoryNotFound },
  },
  {
    method: "put",
    path: "/memories/{id}",
    tag: "Memories",
    summary: "The owner edits a memory; only the fields sent change",
    access: "member",
    params: idParameter("id", "memory"),
    body: {
      media: "multipart/form-data",
      schema: updateMemorySchema.extend({
        taggedUserIds: updateMemorySchema.shape.taggedUserIds.meta({ description: "The relatives tagged from now on: a JSON list (or repeated)." }),
        photoIdsToDelete: updateMemorySchema.shape.photoIdsToDelete.meta({ description: "Photos to remove: a JSON list (or repeated)." }),
        tagIdsToDelete: updateMemorySchema.shape.tagIdsToDelete.meta({
          description:
            "Plain-text tags (memory_tags ids with tagged_user_id null: people who left the family) to remove: a JSON list (or repeated). Members are untagged through taggedUserIds.",
        }),
        photos: photoFiles.optional(),
        uploadIds: uploadIds.optional(),
      }),
      maxBytes: MEMORY_FORM_MAX_BYTES,
    },
    answer: { status: 200, description: "The memory as it now is.", data: z.strictObject({ memory: memoryDtoSchema }) },
    refusals: { ...photoRefusals, 404: memoryNotFound },
  },
  {
    method: "delete",
    path: "/memories/{id}",
    tag: "Memories",
    summary: "The owner deletes a memory and its photos",
    access: "member",
    params: idParameter("id", "memory"),
    answer: { status: 200, description: "Deleted.", data: z.strictObject({ memory: z.strictObject({ id: z.guid() }) }) },
    refusals: { 404: memoryNotFound },
  },
  {
    method: "patch",
    path: "/memories/{id}/toggle-shared",
    tag: "Memories",
    summary: "The owner shares a memory with the family or makes it private again",
    access: "member",
    params: idParameter("id", "memory"),
    body: { media: "application/json", schema: toggleSharedSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The new state.", data: z.strictObject({ memory: z.strictObject({ id: z.guid(), is_shared: z.boolean() }) }) },
    refusals: { 400: '"is_shared must be true or false"', 404: memoryNotFound },
  },
  {
    method: "get",
    path: "/memories/{id}/recording",
    tag: "Memories",
    summary: "A memory's recording, for whoever may read the memory",
    access: "member",
    params: idParameter("id", "memory"),
    answer: {
      status: 200,
      description: "The recording, with a signed address to play it from.",
      data: z.strictObject({ recording: recordingDtoSchema }),
    },
    refusals: { 404: `${memoryNotFound} Or "${NO_RECORDING}"` },
  },
  {
    method: "put",
    path: "/memories/{id}/recording",
    tag: "Memories",
    summary: "The author gives a memory its recording, or a new one in place of the old",
    ...recordingUpload,
    access: "member",
    params: idParameter("id", "memory"),
    answer: { status: 200, description: "The recording as it is now kept.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: { ...recordingUpload.refusals, 404: memoryNotFound },
  },
  {
    method: "delete",
    path: "/memories/{id}/recording",
    tag: "Memories",
    summary: "The author removes a memory's recording",
    access: "member",
    params: idParameter("id", "memory"),
    answer: { status: 200, description: "Removed.", data: z.strictObject({ recording: z.strictObject({ id: z.guid() }) }) },
    refusals: { 404: `${memoryNotFound} Or "${NO_RECORDING}"` },
  },
  {
    method: "put",
    path: "/memories/{id}/recording/transcript",
    tag: "Memories",
    summary: "The author writes down, corrects or clears the words of a memory's recording",
    description:
      "Typed words are the author's: the transcription engine never overwrites them (docs/decisions/042-transcripts.md). " +
      "An empty transcript clears it. The words are read beside the player and found by search like the story.",
    access: "member",
    params: idParameter("id", "memory"),
    body: { media: "application/json", schema: transcriptSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The recording with its words as they are now kept.", data: z.strictObject({ recording: recordingDtoSchema }) },
    refusals: { 400: `"${TRANSCRIPT_TOO_LONG}", or text with control characters`, 404: `${memoryNotFound} Or "${NO_RECORDING}"` },
  },
  {
    method: "delete",
    path: "/memories/{id}/recording/listen-code",
    tag: "Memories",
    summary: "The author or an admin stops the printed book's codes of a memory's recording",
    description:
      "Every printed code of the recording plays nothing from now on, and the next book prints a new one (docs/decisions/043-listen-codes.md). " +
      "Open to the memory's author and to the admins of its family.",
    access: "member",
    params: idParameter("id", "memory"),
    answer: {
      status: 200,
      description: "The recording, with no printed code out.",
      data: z.strictObject({ recording: z.strictObject({ id: z.guid(), printed_code: z.literal(false) }) }),
    },
    refusals: { 404: `${memoryNotFound} Or "${NO_RECORDING}"` },
  },
  {
    method: "post",
    path: "/memories/uploads",
    tag: "Memories",
    summary: "A ticket to send one photo straight to storage",
    description:
      'Send the file as the ticket says within 15 minutes (docs/api.md, "Sending an upload"), then name the ticket\'s id in `uploadIds` when saving the memory. ' +
      "An upload stays pending until a memory uses it or a day has passed.",
    access: "member",
    body: { media: "application/json", schema: photoUploadRequestSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The ticket.", data: z.strictObject({ upload: photoUploadTicketSchema }) },
    refusals: {
      400: "Invalid fields (per field).",
      413: '"{file name} is larger than 5MB"',
      415: '"{file name} is not an image. Only image files can be uploaded."',
      429: `${MAX_PENDING_UPLOADS} uploads not yet saved in a memory, or 60 upload requests in 15 minutes.`,
    },
  },
];
