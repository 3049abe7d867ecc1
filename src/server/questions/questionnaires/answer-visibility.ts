import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";

// Who may see an answer, decided here and nowhere else (docs/decisions/004-sharing-answers.md):
// an answer is visible to the reader when the answer or its whole submission is shared, the
// submission was given in the reader's family, and its author is still in that family (someone
// who leaves takes their answers along; answers a departed author left to the family have no
// author and stay, docs/decisions/024-leaving-and-the-circle.md). Nobody without a family sees anyone's. Every reader of
// answers (both Family Book feeds, the printed book) takes its WHERE clause from this file. Each
// rule is written twice, side by side: as a Prisma filter, and as SQL for the hand-written feed
// (docs/decisions/006-hot-reads-in-sql.md), on `submissions s`, its author `users author` (LEFT JOINed) and
// its answers `responses r`. The two must say the same; tests/api/family-book-equals-feeds.test.ts
// holds the readers to it.

type Viewer = Pick<UserDto, "family_id">;

/** What anyone is told of an answer that is not theirs to change, or not there at all. */
export const RESPONSE_NOT_FOUND = "Response not found";

/** Submissions given in the viewer's family by authors still in it (or left to it); null for a viewer without one. */
export function familySubmissionsWhere(viewer: Viewer): Prisma.SubmissionWhereInput | null {
  if (!viewer.family_id) return null;
  return { family_id: viewer.family_id, OR: [{ user: { family_id: viewer.family_id } }, { user_id: null }] };
}
export function familySubmissionsSql(viewer: Viewer) {
  if (!viewer.family_id) return null;
  return Prisma.sql`s.family_id = ${viewer.family_id}::uuid AND (author.family_id = ${viewer.family_id}::uuid OR s.user_id IS NULL)`;
}

/** An answer its author shared, on its own or with its whole submission. */
export const answerSharedWhere = { OR: [{ is_shared: true }, { submission: { is_shared: true } }] } satisfies Prisma.ResponseWhereInput;
export const answerSharedSql = Prisma.sql`(s.is_shared OR r.is_shared)`;

/**
 * The answer a printed book's code plays to whoever holds the book (docs/decisions/043-listen-codes.md):
 * one told out loud with this token, while its author shares it, as a memory's code plays while the memory is shared.
 */
export const answerPlayedByListenCode = (token: string): Prisma.ResponseWhereInput => ({ AND: [answerSharedWhere, { recording: { listen_token: token } }] });

/** The answers the viewer may read; null when there are none to read. */
export function visibleAnswersWhere(viewer: Viewer): Prisma.ResponseWhereInput | null {
  const family = familySubmissionsWhere(viewer);
  return family && { AND: [{ submission: family }, answerSharedWhere] };
}
export function visibleAnswersSql(viewer: Viewer) {
  const family = familySubmissionsSql(viewer);
  return family && Prisma.sql`${family} AND ${answerSharedSql}`;
}

/** The submissions with at least one answer the viewer may read; null when there are none. */
export function visibleSubmissionsWhere(viewer: Viewer): Prisma.SubmissionWhereInput | null {
  const family = familySubmissionsWhere(viewer);
  return family && { AND: [family, { responses: { some: answerSharedWhere } }] };
}
export function visibleSubmissionsSql(viewer: Viewer) {
  const family = familySubmissionsSql(viewer);
  return family && Prisma.sql`${family} AND EXISTS (SELECT 1 FROM responses r WHERE r.submission_id = s.id AND ${answerSharedSql})`;
}

/** The viewer's own answers, shared or not (what Completed Questionnaires shows them). */
export const ownAnswersSql = (viewer: Pick<UserDto, "id">) => Prisma.sql`s.user_id = ${viewer.id}::uuid`;

/** Every answer the viewer may open: their own, or one their family may read (search reads these). */
export function ownOrVisibleAnswersSql(viewer: Pick<UserDto, "id" | "family_id">) {
  const family = visibleAnswersSql(viewer);
  return family ? Prisma.sql`(${ownAnswersSql(viewer)} OR (${family}))` : ownAnswersSql(viewer);
}

/**
 * The answers whose comments and reactions the viewer may read and add to: exactly the answers
 * they may read in the Family Book, their own shared ones included
 * (docs/decisions/026-comments-and-reactions.md); null when there are none.
 */
export const answerConversationOpenTo = visibleAnswersWhere;
export const answerConversationOpenToSql = visibleAnswersSql;
