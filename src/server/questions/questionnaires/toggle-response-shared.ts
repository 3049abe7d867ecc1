import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { ToggleSharedValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { RESPONSE_NOT_FOUND } from "./answer-visibility";
import { responseSelect, toResponseDto } from "./questionnaire-dto";
import { settleSubmissionShared } from "./submission-sharing";

/**
 * The author shares or hides one answer; its submission then counts as shared exactly when all
 * its answers are (submission-sharing.ts). Anyone else's answer is "not found".
 */
export async function toggleResponseShared({ viewer, responseId, input: { is_shared } }: { viewer: UserDto; responseId: string; input: ToggleSharedValues }) {
  if (!UUID_PATTERN.test(responseId)) throw notFound(RESPONSE_NOT_FOUND);
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const own = { id: responseId, submission: { user_id: viewer.id } };
    const current = await tx.response.findFirst({ where: own, select: { is_shared: true } });
    if (!current) throw notFound(RESPONSE_NOT_FOUND);
    const row = await tx.response.update({ where: { id: responseId }, data: { is_shared: is_shared ?? !current.is_shared }, select: responseSelect });
    const submissionShared = await settleSubmissionShared(tx, row.submission_id);
    return { response: toResponseDto(row), submission: { id: row.submission_id, is_shared: submissionShared } };
  });
}
