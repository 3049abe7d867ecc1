import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { responseSelect, toResponseDto, type SubmissionDto } from "./questionnaire-dto";

// The one sharing rule of a submission and its answers (docs/decisions/015-one-switch-per-answer.md):
// every answer has its own switch, and a submission is shared exactly when every answer in it
// is. Sharing or hiding a submission sets each of its answers; changing one answer sets the
// submission's flag to whether all its answers are now shared. So what the screens say about a
// submission is always true of each answer in it.

export const ownSubmissionSelect = {
  id: true,
  questionnaire_id: true,
  created_at: true,
  is_shared: true,
  responses: { select: responseSelect, orderBy: [{ question: { position: "asc" } }, { id: "asc" }] },
} satisfies Prisma.SubmissionSelect;

type OwnSubmissionRow = Prisma.SubmissionGetPayload<{ select: typeof ownSubmissionSelect }>;

export function toSubmissionDto(row: OwnSubmissionRow): SubmissionDto {
  return {
    id: row.id,
    questionnaire_id: row.questionnaire_id,
    created_at: row.created_at.toISOString(),
    is_shared: row.is_shared,
    responses: row.responses.map(toResponseDto),
  };
}

/** Shares or hides whole submissions (already known to be the viewer's): each one and every answer in it. */
export async function setSubmissionsShared(tx: Prisma.TransactionClient, submissionIds: string[], isShared: boolean) {
  if (submissionIds.length === 0) return;
  await tx.response.updateMany({ where: { submission_id: { in: submissionIds } }, data: { is_shared: isShared } });
  await tx.submission.updateMany({ where: { id: { in: submissionIds } }, data: { is_shared: isShared } });
}

/** After one answer changed: the submission is shared exactly when every answer in it is. */
export async function settleSubmissionShared(tx: Prisma.TransactionClient, submissionId: string) {
  const privateAnswers = await tx.response.count({ where: { submission_id: submissionId, is_shared: false } });
  const row = await tx.submission.update({ where: { id: submissionId }, data: { is_shared: privateAnswers === 0 }, select: { is_shared: true } });
  return row.is_shared;
}
