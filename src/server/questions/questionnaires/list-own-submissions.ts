import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { getQuestionnaire } from "./get-questionnaire";
import { responseSelect, toResponseDto, type SubmissionDto } from "./questionnaire-dto";

/** The viewer's own submissions to a questionnaire they may see, oldest first, with their answers. */
export async function listOwnSubmissions({ viewer, questionnaireId }: { viewer: UserDto; questionnaireId: string }): Promise<SubmissionDto[]> {
  await getQuestionnaire({ viewer, questionnaireId });
  const prisma = await getDb();
  const rows = await prisma.submission.findMany({
    where: { questionnaire_id: questionnaireId, user_id: viewer.id },
    select: {
      id: true,
      questionnaire_id: true,
      created_at: true,
      is_shared: true,
      responses: { select: responseSelect, orderBy: { question: { position: "asc" } } },
    },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: 500,
  });
  return rows.map((row) => ({
    id: row.id,
    questionnaire_id: row.questionnaire_id,
    created_at: row.created_at.toISOString(),
    is_shared: row.is_shared,
    responses: row.responses.map(toResponseDto),
  }));
}
