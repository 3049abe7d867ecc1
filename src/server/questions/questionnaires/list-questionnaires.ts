import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { questionnaireSelect, toQuestionnaireDto, visibleQuestionnairesWhere } from "./questionnaire-dto";

/** Every questionnaire the viewer may answer: the family's own first (newest first), then the library in its order. */
export async function listQuestionnaires({ viewer }: { viewer: UserDto }) {
  const prisma = await getDb();
  const rows = await prisma.questionnaire.findMany({
    where: visibleQuestionnairesWhere(viewer),
    select: questionnaireSelect,
    orderBy: [{ library_position: { sort: "asc", nulls: "first" } }, { created_at: "desc" }, { id: "asc" }],
    take: 500,
  });
  return rows.map(toQuestionnaireDto);
}
