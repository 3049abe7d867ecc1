import "server-only";
import type { CreateQuestionnaireValues } from "@/lib/schemas/questionnaires";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { questionnaireSelect, toQuestionnaireDto } from "./questionnaire-dto";

export const NO_FAMILY = "Join a family before creating a family questionnaire.";
export const TARGET_NOT_IN_FAMILY = "Every selected person must be a member of your family.";
export const TARGET_IS_CREATOR = "You cannot target yourself in a questionnaire.";

/**
 * A custom family questionnaire (docs/product.md §3 payload). Targets must be relatives in the creator's
 * family and never the creator; the client's tempId only keys its form rows and is not stored.
 */
export async function createQuestionnaire({ viewer, input: values }: { viewer: UserDto; input: CreateQuestionnaireValues }) {
  if (!viewer.family_id) throw new AppError("BAD_REQUEST", NO_FAMILY);
  const familyId = viewer.family_id;
  const targetIds = values.audience === "SPECIFIC_FAMILY_MEMBERS" ? [...new Set(values.targetUserIds ?? [])] : [];
  if (targetIds.includes(viewer.id)) {
    throw new AppError("BAD_REQUEST", TARGET_IS_CREATOR, { targetUserIds: [TARGET_IS_CREATOR] });
  }

  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    if (targetIds.length > 0) {
      const found = await tx.user.count({ where: { id: { in: targetIds }, family_id: familyId } });
      if (found !== targetIds.length) throw new AppError("BAD_REQUEST", TARGET_NOT_IN_FAMILY, { targetUserIds: [TARGET_NOT_IN_FAMILY] });
    }
    const row = await tx.questionnaire.create({
      data: {
        title: values.title,
        description: values.description,
        audience: values.audience,
        family_id: familyId,
        created_by_id: viewer.id,
        allow_multiple_responses: values.allow_multiple_responses,
        questions: {
          create: values.questions.map((question, position) => ({
            question_text: question.question_text,
            description: question.description,
            input_type: question.input_type,
            is_required: question.is_required,
            position,
          })),
        },
        targets: { create: targetIds.map((user_id) => ({ user_id })) },
      },
      select: questionnaireSelect,
    });
    return toQuestionnaireDto(row);
  });
}
