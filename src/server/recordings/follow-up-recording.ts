import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { FOLLOW_UP_NOT_ANSWERED, FOLLOW_UP_NOT_FOUND } from "@/lib/schemas/follow-ups";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { followUpsOpenTo } from "@/server/conversations/conversation-item";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { answeredNow } from "@/server/questions/follow-ups/answer-follow-up";
import type { FollowUpDto } from "@/server/questions/follow-ups/follow-up-dto";
import { pendingFor } from "@/server/questions/follow-ups/pending-follow-ups";
import { TOLD_ONLY } from "./answer-recording";
import { playableKeyOf } from "./playable-copy";
import { toRecordingDto, type RecordingDto, type RecordingRecord } from "./recording-dto";
import { keepRecording, recordingRecordOf, recordingRowSelect, removeRecording, writeTranscript } from "./recordings";

// The author's answer to a family's "Tell us more" question, told out loud
// (docs/decisions/041-voice-recordings.md): one recording per answered question, given by the
// author, heard under the story by whoever may read the question and its answer — the one
// conversation rule (conversation-item.ts), so a story made private hides it with the answer.
// Like an answer's, it is read through the app's own address, which redirects an allowed reader
// to a short-lived signed one.

export const NO_FOLLOW_UP_RECORDING = "This answer has no recording.";

export const followUpRecordingPath = (followUpId: string) => `/api/follow-ups/${followUpId}/recording/audio`;

/** An answered question's recording as the API shows it under the story, at the app's own addresses. */
export function toFollowUpRecordingDto(followUpId: string, record: RecordingRecord | null): RecordingDto | null {
  if (!record) return null;
  const path = followUpRecordingPath(followUpId);
  return toRecordingDto(record, path, record.playable_copy ? `${path}?copy=playable` : null);
}

type Viewer = Pick<UserDto, "id" | "family_id">;

/** The recording of an answered question the viewer may read. */
function heardBy(viewer: Viewer, followUpId: string): Prisma.RecordingWhereInput {
  return { follow_up_id: followUpId, follow_up: { AND: [{ answered_at: { not: null } }, followUpsOpenTo(viewer)] } };
}

/** The signed address of the recording of an answered question the viewer may read; anything else is the same 404. */
export async function followUpRecordingUrl({
  viewer,
  followUpId,
  playable,
  now = clock.now(),
}: {
  viewer: Viewer;
  followUpId: string;
  playable: boolean;
  now?: Date;
}) {
  if (!UUID_PATTERN.test(followUpId)) throw notFound(NO_FOLLOW_UP_RECORDING);
  const prisma = await getDb();
  const recording = await prisma.recording.findFirst({ where: heardBy(viewer, followUpId), select: { original_key: true, playable_copy: true } });
  if (!recording || (playable && !recording.playable_copy)) throw notFound(NO_FOLLOW_UP_RECORDING);
  return getStorage().signedDownloadUrl(playable ? playableKeyOf(recording.original_key) : recording.original_key, downloadUrlSigning(now));
}

/** The recording of an answered question the viewer may read, at the app's own addresses. */
export async function getFollowUpRecording({ viewer, followUpId }: { viewer: Viewer; followUpId: string }): Promise<RecordingDto> {
  if (!UUID_PATTERN.test(followUpId)) throw notFound(NO_FOLLOW_UP_RECORDING);
  const prisma = await getDb();
  const row = await prisma.recording.findFirst({ where: heardBy(viewer, followUpId), select: recordingRowSelect });
  if (!row) throw notFound(NO_FOLLOW_UP_RECORDING);
  return toFollowUpRecordingDto(followUpId, recordingRecordOf(row))!;
}

/** The questions whose recording the viewer may change: answered by them, on a story still open to them. */
const answeredBy = (viewer: Viewer, followUpId: string): Prisma.FollowUpQuestionWhereInput => ({
  AND: [{ id: followUpId, author_id: viewer.id }, followUpsOpenTo(viewer)],
});

/**
 * The id of a question the viewer answered, ready for its recording; 404 for one that is not
 * theirs or that they may no longer see, and 409 for one not yet answered (there are no words
 * and no recording to change yet).
 */
export async function ownAnsweredFollowUpId(viewer: Viewer, followUpId: string) {
  const found = await ownFollowUp(viewer, followUpId);
  if (!found.answered_at) throw new AppError("CONFLICT", FOLLOW_UP_NOT_ANSWERED);
  return found.id;
}

/** The id of a question put to the viewer, answered or not, that a recording may tell; 404 as above. */
export async function ownFollowUpId(viewer: Viewer, followUpId: string) {
  return (await ownFollowUp(viewer, followUpId)).id;
}

async function ownFollowUp(viewer: Viewer, followUpId: string) {
  if (!UUID_PATTERN.test(followUpId)) throw notFound(FOLLOW_UP_NOT_FOUND);
  const prisma = await getDb();
  const found = await prisma.followUpQuestion.findFirst({ where: answeredBy(viewer, followUpId), select: { id: true, answered_at: true } });
  if (!found) throw notFound(FOLLOW_UP_NOT_FOUND);
  return found;
}

/**
 * Tells a question put to the viewer out loud: gives the answer a recording, or a new one in place
 * of the old (keepRecording). A question not yet answered is answered by the recording alone, with
 * nothing written (docs/product.md §22), in the same transaction as the recording is kept, and the
 * one who asked hears of it; the answered question comes back with the recording.
 */
export async function saveFollowUpRecording({
  viewer,
  followUpId,
  fileName,
  request,
}: {
  viewer: UserDto;
  followUpId: string;
  fileName: string;
  request: Request;
}): Promise<{ recording: RecordingDto; followUp: FollowUpDto | null }> {
  let answered = false;
  const record = await keepRecording({
    owner: { follow_up_id: followUpId },
    fileName,
    request,
    uploaderId: viewer.id,
    notFoundMessage: FOLLOW_UP_NOT_FOUND,
    // One recording per answer: a second sent meanwhile waits here, then replaces this one. The
    // question is locked only while it is still the viewer's and open to them; one still waiting is
    // answered here, so two recordings at once answer it once.
    lock: async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM follow_up_questions WHERE id = ${followUpId}::uuid FOR UPDATE`;
      if (locked.length === 0) return false;
      if ((await tx.followUpQuestion.count({ where: { AND: [answeredBy(viewer, followUpId), { answered_at: { not: null } }] } })) > 0) return true;
      const { count } = await tx.followUpQuestion.updateMany({
        where: { AND: [{ id: followUpId }, pendingFor(viewer)] },
        data: { answer: "", answered_at: clock.now() },
      });
      answered = count > 0;
      return answered;
    },
  });
  return { recording: withOwnAddresses(followUpId, record), followUp: answered ? await answeredNow(viewer, followUpId) : null };
}

/** Writes down, corrects or clears the words of the recording of a question the viewer answered (writeTranscript). */
export async function saveFollowUpTranscript({ followUpId, transcript }: { followUpId: string; transcript: string }) {
  const recording = await followUpRecordingOf(followUpId);
  return withOwnAddresses(followUpId, await writeTranscript({ recordingId: recording.id, transcript, notFoundMessage: NO_FOLLOW_UP_RECORDING }));
}

/**
 * Removes the recording of a question the viewer answered; the stored file goes with it. An answer
 * told out loud with nothing written keeps its recording: without it nothing would be left.
 */
export async function deleteFollowUpRecording({ followUpId }: { followUpId: string }) {
  const recording = await followUpRecordingOf(followUpId);
  const prisma = await getDb();
  const question = await prisma.followUpQuestion.findUnique({ where: { id: followUpId }, select: { answer: true } });
  if (question?.answer?.trim() === "") throw new AppError("CONFLICT", TOLD_ONLY);
  return removeRecording(recording);
}

async function followUpRecordingOf(followUpId: string) {
  const prisma = await getDb();
  const recording = await prisma.recording.findUnique({ where: { follow_up_id: followUpId }, select: { id: true, original_key: true } });
  if (!recording) throw notFound(NO_FOLLOW_UP_RECORDING);
  return recording;
}

/** A recording just kept or written down, at the app's own addresses, as every reader of the question sees it. */
function withOwnAddresses(followUpId: string, recording: RecordingDto): RecordingDto {
  const path = followUpRecordingPath(followUpId);
  return { ...recording, url: path, playable_url: recording.playable_url ? `${path}?copy=playable` : null };
}
