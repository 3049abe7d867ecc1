import type { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/users/user-dto";

// Which answers the family sees (docs/decisions/004-sharing-answers.md): an answer is visible to
// the author's family when the answer itself is shared or its whole submission is shared.

/** Submissions of the viewer's family by authors still in it; nobody without a family sees any. */
export function familySubmissionsWhere(viewer: Pick<UserDto, "family_id">): Prisma.SubmissionWhereInput | null {
  if (!viewer.family_id) return null;
  return { family_id: viewer.family_id, user: { family_id: viewer.family_id } };
}

export function isAnswerVisible(submission: { is_shared: boolean }, response: { is_shared: boolean }) {
  return submission.is_shared || response.is_shared;
}
