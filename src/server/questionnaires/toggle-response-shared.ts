import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { ToggleSharedValues } from "@/lib/schemas/questionnaires";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import type { UserDto } from "@/server/users/user-dto";
import { responseSelect, toResponseDto } from "./questionnaire-dto";

export const RESPONSE_NOT_FOUND = "Response not found";

/** The author shares or hides one answer; anyone else's answer is "not found". */
export async function toggleResponseShared({ viewer, responseId, input: { is_shared } }: { viewer: UserDto; responseId: string; input: ToggleSharedValues }) {
  if (!UUID_PATTERN.test(responseId)) throw notFound(RESPONSE_NOT_FOUND);
  const prisma = await getDb();
  return prisma.$transaction(async (tx) => {
    const own = { id: responseId, submission: { user_id: viewer.id } };
    const current = await tx.response.findFirst({ where: own, select: { is_shared: true } });
    if (!current) throw notFound(RESPONSE_NOT_FOUND);
    const row = await tx.response.update({ where: { id: responseId }, data: { is_shared: is_shared ?? !current.is_shared }, select: responseSelect });
    return toResponseDto(row);
  });
}
