import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { getQuestionnaire } from "./get-questionnaire";
import { responseSelect, toResponseDto } from "./questionnaire-dto";

/** The viewer's own answers to a questionnaire they may see, across all their submissions. */
export async function listOwnResponses({ viewer, questionnaireId }: { viewer: UserDto; questionnaireId: string }) {
  await getQuestionnaire({ viewer, questionnaireId });
  const prisma = await getDb();
  const rows = await prisma.response.findMany({
    where: { submission: { questionnaire_id: questionnaireId, user_id: viewer.id } },
    select: responseSelect,
    orderBy: [{ created_at: "asc" }, { question: { position: "asc" } }, { id: "asc" }],
    take: 1000,
  });
  return rows.map(toResponseDto);
}
