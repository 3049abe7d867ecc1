import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getQuestionnaire } from "./get-questionnaire";

/** The questions of a questionnaire the viewer may see, in order. */
export async function listQuestions({ viewer, questionnaireId }: { viewer: UserDto; questionnaireId: string }) {
  return (await getQuestionnaire({ viewer, questionnaireId })).questions;
}
