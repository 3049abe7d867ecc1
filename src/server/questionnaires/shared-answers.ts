import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/users/user-dto";

// Which answers the family sees (docs/decisions/004-sharing-answers.md): an answer is visible to
// the author's family when the answer itself is shared or its whole submission is shared.

/** Submissions of the viewer's family by authors still in it; nobody without a family sees any. */
export function familySubmissionsWhere(viewer: Pick<UserDto, "family_id">): Prisma.SubmissionWhereInput | null {
  if (!viewer.family_id) return null;
  return { family_id: viewer.family_id, user: { family_id: viewer.family_id } };
}

/** The same rule for the hand-written feed, on `submissions s` and its author `author`. */
export function familySubmissionsSql(viewer: Pick<UserDto, "family_id">) {
  if (!viewer.family_id) return null;
  return Prisma.sql`s.family_id = ${viewer.family_id}::uuid AND author.family_id = ${viewer.family_id}::uuid`;
}

/** An answer `r` of submission `s` that the family may read. */
export const answerVisibleSql = Prisma.sql`(s.is_shared OR r.is_shared)`;
