import "server-only";
import type { ShareAllValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { getQuestionnaire } from "./get-questionnaire";
import type { SubmissionDto } from "./questionnaire-dto";
import { ownSubmissionSelect, setSubmissionsShared, toSubmissionDto } from "./submission-sharing";

/**
 * Share All / Unshare All: every one of the viewer's submissions to a questionnaire, and every
 * answer in them, shared or made private together, in one transaction — all or nothing. A
 * questionnaire the viewer may not see is "not found".
 */
export async function shareAllSubmissions({
  viewer,
  questionnaireId,
  input: { is_shared },
}: {
  viewer: UserDto;
  questionnaireId: string;
  input: ShareAllValues;
}): Promise<SubmissionDto[]> {
  await getQuestionnaire({ viewer, questionnaireId });
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const own = { questionnaire_id: questionnaireId, user_id: viewer.id };
    const ids = (await tx.submission.findMany({ where: own, select: { id: true } })).map((row) => row.id);
    await setSubmissionsShared(tx, ids, is_shared);
    const rows = await tx.submission.findMany({ where: own, select: ownSubmissionSelect, orderBy: [{ created_at: "asc" }, { id: "asc" }] });
    return rows.map(toSubmissionDto);
  });
}
