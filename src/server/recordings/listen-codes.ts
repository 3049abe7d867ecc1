import "server-only";
import { randomBytes } from "node:crypto";
import { fullName } from "@/lib/people";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { FOLLOW_UP_NOT_FOUND } from "@/lib/schemas/follow-ups";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { isFamilyAdmin } from "@/server/family/email-invitations/list-invitations";
import { authorProfile } from "@/server/family/members/former-member";
import { assertMemoryId, MEMORY_NOT_FOUND, ownedBy, playedByListenCode } from "@/server/memories/memory-visibility";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { personOrFormer } from "@/server/questions/follow-ups/follow-up-dto";
import { answerPlayedByListenCode, answerSharedWhere, RESPONSE_NOT_FOUND } from "@/server/questions/questionnaires/answer-visibility";
import { NO_ANSWER_RECORDING } from "./answer-recording";
import { NO_FOLLOW_UP_RECORDING } from "./follow-up-recording";
import { NO_RECORDING } from "./memory-recording";
import { playableKeyOf } from "./playable-copy";

// A printed book's codes (docs/decisions/043-listen-codes.md): a story told out loud prints a QR
// code of /listen/<token>, and whoever holds the book hears that one recording there, with no
// account. A recording has one token, made the first time a book prints it and printed again by
// every later book, until its author or one of the family's admins stops it: then every printed
// code of it plays nothing, and the next book prints a new one.

/** Where a printed code leads. */
export const listenPath = (token: string) => `/listen/${token}`;

/** A token: 128 random bits, 22 characters of base64url, short enough for a small, robust QR code. */
const LISTEN_TOKEN = /^[A-Za-z0-9_-]{22}$/;
export const looksLikeListenToken = (token: unknown): token is string => typeof token === "string" && LISTEN_TOKEN.test(token);

export const CODE_DOES_NOT_PLAY =
  "The story this code played is no longer shared this way: whoever told it, or the family's admin, may have stopped it. Ask the family for a newer printing of the book.";

/**
 * The token a book prints for each of these recordings: the one each already has, or a new one.
 * Two books made at once print the same token: a new one is only written where none is yet.
 */
export async function listenTokensFor(recordingIds: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  if (recordingIds.length === 0) return tokens;
  const prisma = await getDb();
  const missing = await prisma.recording.findMany({ where: { id: { in: recordingIds }, listen_token: null }, select: { id: true } });
  for (const { id } of missing) {
    await prisma.recording.updateMany({ where: { id, listen_token: null }, data: { listen_token: randomBytes(16).toString("base64url") } });
  }
  const rows = await prisma.recording.findMany({ where: { id: { in: recordingIds } }, select: { id: true, listen_token: true } });
  for (const row of rows) if (row.listen_token) tokens.set(row.id, row.listen_token);
  return tokens;
}

export type Listening = {
  title: string;
  teller: string;
  recording: { url: string; content_type: string; playable_url: string | null; duration_seconds: number; file_name: string };
};

const listenedSelect = { original_key: true, content_type: true, playable_copy: true, duration_ms: true, file_name: true } as const;

/**
 * What a printed code plays: the story's title (an answer's question, or the question a follow-up
 * answer answers), its teller and the recording, while the story is shared; otherwise null.
 */
export async function findListening(token: string): Promise<Listening | null> {
  if (!looksLikeListenToken(token)) return null;
  const prisma = await getDb();
  const memory = await prisma.memory.findFirst({
    where: playedByListenCode(token),
    select: { title: true, author_name: true, user: { select: { first_name: true, last_name: true } }, recording: { select: listenedSelect } },
  });
  if (memory?.recording) return listening(memory.title, fullName(authorProfile(memory.user, memory.author_name)), memory.recording);
  const answer = await prisma.response.findFirst({
    where: answerPlayedByListenCode(token),
    select: {
      question: { select: { question_text: true } },
      submission: { select: { author_name: true, user: { select: { first_name: true, last_name: true } } } },
      recording: { select: listenedSelect },
    },
  });
  if (answer?.recording)
    return listening(answer.question.question_text, fullName(authorProfile(answer.submission.user, answer.submission.author_name)), answer.recording);
  // The answer to a "Tell us more" question, while its story is shared and the question still in a family.
  const followUp = await prisma.followUpQuestion.findFirst({
    where: {
      recording: { listen_token: token },
      answered_at: { not: null },
      family_id: { not: null },
      OR: [{ memory: { is_shared: true } }, { response: answerSharedWhere }],
    },
    select: { question: true, author: { select: { id: true, first_name: true, last_name: true } }, recording: { select: listenedSelect } },
  });
  if (followUp?.recording) return listening(followUp.question, fullName(personOrFormer(followUp.author)), followUp.recording);
  return null;
}

async function listening(
  title: string,
  teller: string,
  recording: { original_key: string; content_type: string; playable_copy: boolean; duration_ms: number; file_name: string },
) {
  const signing = downloadUrlSigning(clock.now());
  const { original_key: key } = recording;
  const url = await getStorage().signedDownloadUrl(key, signing);
  const playableUrl = recording.playable_copy ? await getStorage().signedDownloadUrl(playableKeyOf(key), signing) : null;
  return {
    title,
    teller,
    recording: {
      url,
      content_type: recording.content_type,
      playable_url: playableUrl,
      duration_seconds: recording.duration_ms / 1000,
      file_name: recording.file_name,
    },
  };
}

/**
 * The author, or an admin of the memory's family, stops the printed codes of its recording: they
 * play nothing from now on, and the next book prints a new code.
 */
export async function stopListenCode({ viewer, memoryId }: { viewer: UserDto; memoryId: string }) {
  assertMemoryId(memoryId);
  const prisma = await getDb();
  const admin = viewer.family_id !== null && (await isFamilyAdmin(prisma, viewer));
  const memory = await prisma.memory.findFirst({
    where: { AND: [{ id: memoryId }, admin ? { OR: [ownedBy(viewer), { family_id: viewer.family_id }] } : ownedBy(viewer)] },
    select: { recording: { select: { id: true } } },
  });
  if (!memory) throw notFound(MEMORY_NOT_FOUND);
  if (!memory.recording) throw notFound(NO_RECORDING);
  await prisma.recording.updateMany({ where: { id: memory.recording.id }, data: { listen_token: null } });
  return { id: memory.recording.id, printed_code: false };
}

/**
 * The author, or an admin of the answer's family, stops the printed codes of an answer's recording,
 * as for a memory's.
 */
export async function stopAnswerListenCode({ viewer, responseId }: { viewer: UserDto; responseId: string }) {
  if (!UUID_PATTERN.test(responseId)) throw notFound(RESPONSE_NOT_FOUND);
  const prisma = await getDb();
  const admin = viewer.family_id !== null && (await isFamilyAdmin(prisma, viewer));
  const answer = await prisma.response.findFirst({
    where: { id: responseId, submission: admin ? { OR: [{ user_id: viewer.id }, { family_id: viewer.family_id }] } : { user_id: viewer.id } },
    select: { recording: { select: { id: true } } },
  });
  if (!answer) throw notFound(RESPONSE_NOT_FOUND);
  if (!answer.recording) throw notFound(NO_ANSWER_RECORDING);
  await prisma.recording.updateMany({ where: { id: answer.recording.id }, data: { listen_token: null } });
  return { id: answer.recording.id, printed_code: false };
}

/**
 * The author who answered, or an admin of the family the question was asked in, stops the printed
 * codes of the answer's recording, as for a memory's.
 */
export async function stopFollowUpListenCode({ viewer, followUpId }: { viewer: UserDto; followUpId: string }) {
  if (!UUID_PATTERN.test(followUpId)) throw notFound(FOLLOW_UP_NOT_FOUND);
  const prisma = await getDb();
  const admin = viewer.family_id !== null && (await isFamilyAdmin(prisma, viewer));
  const followUp = await prisma.followUpQuestion.findFirst({
    where: { id: followUpId, OR: [{ author_id: viewer.id }, ...(admin ? [{ family_id: viewer.family_id }] : [])] },
    select: { recording: { select: { id: true } } },
  });
  if (!followUp) throw notFound(FOLLOW_UP_NOT_FOUND);
  if (!followUp.recording) throw notFound(NO_FOLLOW_UP_RECORDING);
  await prisma.recording.updateMany({ where: { id: followUp.recording.id }, data: { listen_token: null } });
  return { id: followUp.recording.id, printed_code: false };
}
