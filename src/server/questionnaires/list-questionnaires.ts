import "server-only";
import { getDb } from "@/server/db/client";
import type { UserDto } from "@/server/users/user-dto";
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
