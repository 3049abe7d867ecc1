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
 * theirs or that they may no longer see, and 409 for one not yet answered: the recording goes
 * with the written answer.
 */
export async function ownAnsweredFollowUpId(viewer: Viewer, followUpId: string) {
  if (!UUID_PATTERN.test(followUpId)) throw notFound(FOLLOW_UP_NOT_FOUND);
  const prisma = await getDb();
  const found = await prisma.followUpQuestion.findFirst({ where: answeredBy(viewer, followUpId), select: { id: true, answered_at: true } });
  if (!found) throw notFound(FOLLOW_UP_NOT_FOUND);
  if (!found.answered_at) throw new AppError("CONFLICT", FOLLOW_UP_NOT_ANSWERED);
  return found.id;
}

/** Gives a question the viewer answered a recording, or a new one in place of the old (keepRecording). */
export async function saveFollowUpRecording({
  viewer,
  followUpId,
  fileName,
  request,
}: {
  viewer: Viewer;
  followUpId: string;
  fileName: string;
  request: Request;
}) {
  const record = await keepRecording({
    owner: { follow_up_id: followUpId },
    fileName,
    request,
    uploaderId: viewer.id,
    notFoundMessage: FOLLOW_UP_NOT_FOUND,
    // One recording per answer: a second sent meanwhile waits here, then replaces this one. The
    // question is locked only while it is still the viewer's, answered and open to them.
    lock: async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM follow_up_questions WHERE id = ${followUpId}::uuid FOR UPDATE`;
      if (locked.length === 0) return false;
      return (await tx.followUpQuestion.count({ where: { AND: [answeredBy(viewer, followUpId), { answered_at: { not: null } }] } })) > 0;
    },
  });
  return withOwnAddresses(followUpId, record);
}

/** Writes down, corrects or clears the words of the recording of a question the viewer answered (writeTranscript). */
export async function saveFollowUpTranscript({ followUpId, transcript }: { followUpId: string; transcript: string }) {
  const recording = await followUpRecordingOf(followUpId);
  return withOwnAddresses(followUpId, await writeTranscript({ recordingId: recording.id, transcript, notFoundMessage: NO_FOLLOW_UP_RECORDING }));
}

/** Removes the recording of a question the viewer answered; the stored file goes with it. */
export async function deleteFollowUpRecording({ followUpId }: { followUpId: string }) {
  return removeRecording(await followUpRecordingOf(followUpId));
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
