import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";

/** Whether the viewer has answered a questionnaire, and whether any of those answers is shared. */
export type OwnAnswerState = { answered: boolean; shared: boolean };

/**
 * The viewer's own answering, per questionnaire id: what the questionnaire cards mark as
 * Answered and Shared, and what the Ask a Question page leaves out. Only questionnaires the
 * viewer answered are in the map. One query over the viewer's own submissions.
 */
export async function listOwnAnswerStates({ viewer }: { viewer: UserDto }): Promise<Map<string, OwnAnswerState>> {
  const prisma = await getDb();
  const rows = await prisma.submission.findMany({
    where: { user_id: viewer.id },
    select: { questionnaire_id: true, _count: { select: { responses: { where: { is_shared: true } } } } },
  });
  const states = new Map<string, OwnAnswerState>();
  for (const row of rows) {
    const shared = (states.get(row.questionnaire_id)?.shared ?? false) || row._count.responses > 0;
    states.set(row.questionnaire_id, { answered: true, shared });
  }
  return states;
}
