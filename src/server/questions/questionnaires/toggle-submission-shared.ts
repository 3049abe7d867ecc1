import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { ToggleSharedValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import type { SubmissionDto } from "./questionnaire-dto";
import { ownSubmissionSelect, setSubmissionsShared, toSubmissionDto } from "./submission-sharing";

export const SUBMISSION_NOT_FOUND = "Submission not found";

/**
 * The author shares or hides a whole submission, every answer in it with it
 * (submission-sharing.ts); anyone else's is "not found".
 */
export async function toggleSubmissionShared({
  viewer,
  submissionId,
  input: { is_shared },
}: {
  viewer: UserDto;
  submissionId: string;
  input: ToggleSharedValues;
}): Promise<SubmissionDto> {
  if (!UUID_PATTERN.test(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const current = await tx.submission.findFirst({ where: { id: submissionId, user_id: viewer.id }, select: { is_shared: true } });
    if (!current) throw notFound(SUBMISSION_NOT_FOUND);
    await setSubmissionsShared(tx, [submissionId], is_shared ?? !current.is_shared);
    return toSubmissionDto(await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: ownSubmissionSelect }));
  });
}
