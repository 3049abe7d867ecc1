import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { ToggleSharedValues } from "@/lib/schemas/questionnaires";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";

export const SUBMISSION_NOT_FOUND = "Submission not found";

/** The author shares or hides a whole submission; anyone else's is "not found". */
export async function toggleSubmissionShared({ viewer, submissionId, input: { is_shared } }: { viewer: UserDto; submissionId: string; input: ToggleSharedValues }) {
  if (!UUID_PATTERN.test(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const current = await tx.submission.findFirst({ where: { id: submissionId, user_id: viewer.id }, select: { is_shared: true } });
    if (!current) throw notFound(SUBMISSION_NOT_FOUND);
    const row = await tx.submission.update({
      where: { id: submissionId },
      data: { is_shared: is_shared ?? !current.is_shared },
      select: { id: true, questionnaire_id: true, created_at: true, is_shared: true },
    });
    return { id: row.id, questionnaire_id: row.questionnaire_id, created_at: row.created_at.toISOString(), is_shared: row.is_shared };
  });
}
